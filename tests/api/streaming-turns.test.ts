import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechEngine, type SpeechEngine } from '@/lib/speech';
import { eventually } from '../support/eventually';
import { agentDone, carrierStatus, createFakeDir, saidOut } from '../support/carrier-call';
import { startCarrierServer } from '../support/carrier-server';
import {
  scriptOf,
  startStreamingStandIn,
  type StreamingStandIn,
} from '../support/streaming-stand-in';
import {
  CalleeStream,
  dialledCall,
  fakeRecords,
  hangUpsOf,
  setFakeMode,
} from '../support/twilio-line';
import {
  createTestOrg,
  dispatch,
  TASK,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// A whole call over the Twilio stand-in with Deepgram's live protocol played by the streaming
// stand-in (a real WebSocket server here): the callee's audio streams to it as they speak, the
// adaptive end of turn answers a finished sentence after the short window and waits through a
// pause in the middle of one, and the transcript holds exactly what was said and heard.
let server: VoiceServer;
let org: TestOrg;
let engine: SpeechEngine;
let standIn: StreamingStandIn;
const fakeDir = createFakeDir();
const MIN_MS = 200;
const MAX_MS = 1_500;

beforeAll(async () => {
  standIn = await startStreamingStandIn({ apiKey: 'dg-test', finalDelayMs: 100 });
  server = await startCarrierServer({
    fakeDir,
    env: { DEEPGRAM_API_KEY: 'dg-test', STT_STREAMING_URL: standIn.url },
  });
  org = await createTestOrg(server.url, 20);
  engine = createSpeechEngine();
}, 120_000);
afterAll(async () => {
  if (process.env.SHOW_SERVER_LOGS) console.log(server?.logs());
  await engine?.close();
  await server?.dispose();
  await standIn?.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a call with streaming recognition and the adaptive end of turn', () => {
  it('answers a finished sentence quickly, waits through a mid-sentence pause, keeps the words', async () => {
    const script = await scriptOf(engine, [
      'Yes, that works for me.',
      "I'd like to",
      'move it to Friday.',
    ]);
    standIn.settings.script = script;
    // The whole-turn recognizer would say something else: it must not be asked.
    setFakeMode(fakeDir, {
      stt: { text: 'WHOLE TURN' },
      llm: { replies: ['Great, thank you.', 'Friday it is. Goodbye! [END]'] },
    });
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550123',
      task: TASK,
      first_sentence: 'Hi, this is Ava.',
      max_duration: 2,
      end_of_turn: { min_ms: MIN_MS, max_ms: MAX_MS },
    });
    const { create, twiml, callback } = await dialledCall(fakeDir, callId);
    const sid = create.sid!;
    const status = (s: string, extra: Record<string, string> = {}) =>
      carrierStatus(callback, sid, s, extra);
    await status('in-progress');
    const callee = await CalleeStream.open(twiml.streamUrl);
    callee.start(sid, { callId, token: twiml.token });
    await agentDone(callee);

    // A finished sentence: the answer starts well inside the long window.
    let before = callee.media.length;
    await callee.say(engine, 'Yes, that works for me.');
    await saidOut(callee);
    const first = await eventually(() => callee.media[before], 10_000);
    // From the last voiced frame (the engine's audio ends in silence) to the agent's first.
    const lastVoiced = callee.utterances[0]!.last - script[0]!.trailingMs!;
    expect(first.at - lastVoiced).toBeLessThan(MAX_MS - 300);
    expect(first.at - lastVoiced).toBeGreaterThanOrEqual(MIN_MS - 40);
    await agentDone(callee);

    // "I'd like to" … 700 ms … "move it to Friday.": no answer inside the pause.
    before = callee.media.length;
    await callee.say(engine, "I'd like to");
    await saidOut(callee);
    await wait(700);
    expect(callee.media.length).toBe(before);
    await callee.say(engine, 'move it to Friday.');
    await saidOut(callee);
    const answer = await eventually(() => callee.media[before], 10_000);
    // After the sentence's last word, and within the short window of it.
    const end = callee.utterances[2]!.last - script[2]!.trailingMs!;
    expect(answer.at).toBeGreaterThan(end);
    expect(answer.at - end).toBeLessThan(MAX_MS - 300);

    await eventually(() => (hangUpsOf(fakeDir, sid).length > 0 ? true : undefined), 20_000);
    callee.stop(sid);
    callee.close();
    await status('completed', { CallDuration: '20' });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call.transcripts.map((t) => [t.user, t.text])).toEqual([
      ['assistant', 'Hi, this is Ava.'],
      ['user', 'Yes, that works for me.'],
      ['assistant', 'Great, thank you.'],
      ['user', "I'd like to move it to Friday."],
      ['assistant', 'Friday it is. Goodbye!'],
    ]);
    // The stream served every turn: partials went out, the whole-turn recognizer was not asked.
    expect(standIn.stats.partials).toBeGreaterThan(0);
    expect(standIn.stats.finalizes).toBeGreaterThanOrEqual(2);
    expect(fakeRecords(fakeDir).filter((r) => r.service === 'stt')).toEqual([]);
  });
});
