import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechEngine, type SpeechEngine } from '@/lib/adapters/speech-engine';
import { eventually } from '../support/eventually';
import { agentDone, answerCarrierCall, createFakeDir, saidOut } from '../support/carrier-call';
import { startCarrierServer } from '../support/carrier-server';
import {
  scriptOf,
  startStreamingStandIn,
  type StreamingStandIn,
} from '../support/streaming-stand-in';
import { fakeRecords, hangUpsOf, setFakeMode } from '../support/twilio-line';
import {
  createTestOrg,
  TASK,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// Whole calls over the Twilio stand-in with a streaming recognizer played by the stand-in (a
// real WebSocket server here), once per protocol: Deepgram's live one, and an OpenAI Realtime
// transcription session over TLS (the openai client dials only wss://; the server trusts the
// stand-in's throwaway certificate through NODE_EXTRA_CA_CERTS). The callee's audio streams to
// it as they speak, the adaptive end of turn answers a finished sentence after the short window
// and waits through a pause in the middle of one, and the transcript holds exactly what was said
// and heard. When the stream drops, the call reconnects once, then recognizes whole turns.
const MIN_MS = 200;
const MAX_MS = 1_500;

const protocols = [
  {
    protocol: 'deepgram' as const,
    description: /recognizer: streaming: Deepgram live \(127\.0\.0\.1:\d+, model nova-3\)/,
    env: (standIn: StreamingStandIn): Record<string, string> => ({
      DEEPGRAM_API_KEY: 'key-test',
      STT_STREAMING_URL: standIn.url,
    }),
  },
  {
    protocol: 'openai-realtime' as const,
    description: /recognizer: streaming: OpenAI Realtime transcription \(127\.0\.0\.1:\d+/,
    env: (standIn: StreamingStandIn): Record<string, string> => ({
      STT_STREAMING: 'openai-realtime',
      STT_UPSTREAM_API_KEY: 'key-test',
      STT_STREAMING_URL: standIn.url,
      NODE_EXTRA_CA_CERTS: standIn.certFile!,
    }),
  },
];

describe.each(protocols)('a call with streaming recognition ($protocol)', (line) => {
  let server: VoiceServer;
  let org: TestOrg;
  let engine: SpeechEngine;
  let standIn: StreamingStandIn;
  const fakeDir = createFakeDir();

  beforeAll(async () => {
    standIn = await startStreamingStandIn({
      protocol: line.protocol,
      apiKey: 'key-test',
      finalDelayMs: 100,
    });
    server = await startCarrierServer({ fakeDir, env: line.env(standIn) });
    org = await createTestOrg(server.url, 20);
    engine = createSpeechEngine();
  }, 120_000);
  afterAll(async () => {
    if (process.env.SHOW_SERVER_LOGS) console.log(server?.logs());
    await engine?.close();
    await server?.dispose();
    await standIn?.close();
  });

  /** Dials a call with the adaptive end of turn and answers it; resolves after the greeting. */
  async function answeredCall() {
    const { callId, sid, callee, status } = await answerCarrierCall(server, org.apiKey, fakeDir, {
      phone_number: '+14155550123',
      task: TASK,
      first_sentence: 'Hi, this is Ava.',
      max_duration: 2,
      end_of_turn: { min_ms: MIN_MS, max_ms: MAX_MS },
    });
    await agentDone(callee);
    /** The agent hung up; the callee's side closes and the call is read back. */
    const ended = async () => {
      await eventually(() => (hangUpsOf(fakeDir, sid).length > 0 ? true : undefined), 20_000);
      callee.stop(sid);
      callee.close();
      await status('completed', { CallDuration: '20' });
      return waitForEnd(server.url, org.apiKey, callId);
    };
    return { callee, ended };
  }

  it('answers a finished sentence quickly, waits through a mid-sentence pause, keeps the words', async () => {
    expect(server.logs()).toMatch(line.description);
    const script = await scriptOf(engine, [
      'Yes, that works for me.',
      "I'd like to",
      'move it to Friday.',
    ]);
    standIn.settings.script = script;
    const before = { ...standIn.stats };
    // The whole-turn recognizer would say something else: it must not be asked.
    setFakeMode(fakeDir, {
      stt: { text: 'WHOLE TURN' },
      llm: { replies: ['Great, thank you.', 'Friday it is. Goodbye! [END]'] },
    });
    const { callee, ended } = await answeredCall();

    // A finished sentence: the answer starts well inside the long window.
    let heard = callee.media.length;
    await callee.say(engine, 'Yes, that works for me.');
    await saidOut(callee);
    const first = await eventually(() => callee.media[heard], 10_000);
    // From the last voiced frame (the engine's audio ends in silence) to the agent's first.
    const lastVoiced = callee.utterances[0]!.last - script[0]!.trailingMs!;
    expect(first.at - lastVoiced).toBeLessThan(MAX_MS - 300);
    expect(first.at - lastVoiced).toBeGreaterThanOrEqual(MIN_MS - 40);
    await agentDone(callee);

    // "I'd like to" … 700 ms … "move it to Friday.", queued at once on the phone's clock.
    heard = callee.media.length;
    await callee.say(engine, "I'd like to");
    callee.pause(700);
    await callee.say(engine, 'move it to Friday.');
    await saidOut(callee);
    const answer = await eventually(() => callee.media[heard], 10_000);
    // No answer inside the pause: the first word back comes after the sentence's last word,
    // and within the short window of it (the transcript below has the sentence as one turn).
    const end = callee.utterances[2]!.last - script[2]!.trailingMs!;
    expect(answer.at).toBeGreaterThan(end);
    expect(answer.at - end).toBeLessThan(MAX_MS - 300);

    const call = await ended();
    expect(call.transcripts.map((t) => [t.user, t.text])).toEqual([
      ['assistant', 'This is an automated assistant. Hi, this is Ava.'],
      ['user', 'Yes, that works for me.'],
      ['assistant', 'Great, thank you.'],
      ['user', "I'd like to move it to Friday."],
      ['assistant', 'Friday it is. Goodbye!'],
    ]);
    // The stream served every turn: partials went out, the whole-turn recognizer was not asked.
    expect(standIn.stats.partials).toBeGreaterThan(before.partials);
    expect(standIn.stats.finalizes - before.finalizes).toBeGreaterThanOrEqual(2);
    expect(fakeRecords(fakeDir).filter((r) => r.service === 'stt')).toEqual([]);
  });

  it('reconnects once when the stream drops, then hears whole turns to the end of the call', async () => {
    const said = ['Yes, that works for me.', 'Tuesday at ten.', 'Thank you, goodbye.'];
    const script = await scriptOf(engine, said);
    // Each connection replays the script from its start: the first hears turn 1.
    standIn.settings.script = script.slice(0, 1);
    const before = { ...standIn.stats };
    const sttBefore = fakeRecords(fakeDir).filter((r) => r.service === 'stt').length;
    // Only the last turn may reach the whole-turn recognizer. (The fake counts the model's
    // requests across the server's life: the earlier call's come first.)
    const earlier = fakeRecords(fakeDir).filter((r) => r.service === 'llm').length;
    setFakeMode(fakeDir, {
      stt: { text: said[2] },
      llm: {
        replies: [...Array<string>(earlier).fill(''), 'Great.', 'Tuesday it is.', 'Goodbye! [END]'],
      },
    });
    const { callee, ended } = await answeredCall();
    const turn = async (text: string) => {
      const heard = callee.media.length;
      await callee.say(engine, text);
      await saidOut(callee);
      await eventually(() => callee.media[heard], 10_000);
      await agentDone(callee);
    };

    await turn(said[0]!);
    // The network drops the stream: the call reconnects, and the new stream hears turn 2.
    standIn.settings.script = script.slice(1, 2);
    standIn.dropAll();
    await eventually(() =>
      standIn.stats.connections === before.connections + 2 ? true : undefined,
    );
    await eventually(() => (/streaming recognizer lost \(/.test(server.logs()) ? true : undefined));
    await turn(said[1]!);
    // Dropped again: no third connection; whole turns for the rest of the call.
    standIn.settings.script = [];
    standIn.dropAll();
    await eventually(() =>
      /whole turns for the rest of the call/.test(server.logs()) ? true : undefined,
    );
    await turn(said[2]!);

    const call = await ended();
    expect(call.status).toBe('completed');
    expect(call.transcripts.map((t) => [t.user, t.text])).toEqual([
      ['assistant', 'This is an automated assistant. Hi, this is Ava.'],
      ['user', said[0]],
      ['assistant', 'Great.'],
      ['user', said[1]],
      ['assistant', 'Tuesday it is.'],
      ['user', said[2]],
      ['assistant', 'Goodbye!'],
    ]);
    expect(standIn.stats.connections - before.connections).toBe(2);
    const stt = fakeRecords(fakeDir).filter((r) => r.service === 'stt');
    expect(stt.length - sttBefore).toBe(1);
  });
});
