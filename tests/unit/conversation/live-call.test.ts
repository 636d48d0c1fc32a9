import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentBrain, AgentContext, AgentDelta } from '@/lib/agent';
import { applyCarrierStatus, FINAL_CALLBACK_WAIT_MS, stopCall } from '@/lib/calls/lifecycle';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { runDueWork } from '@/lib/calls/run-due-work';
import type { CallRow } from '@/lib/calls/types';
import { Conversation } from '@/lib/conversation/conversation';
import type { SpeechRecognizer } from '@/lib/conversation/speech-recognizer';
import type { OutboundFrame } from '@/lib/conversation/twilio-frames';
import type { ConversationDeps } from '@/lib/conversation/types';
import { createPgliteDatabase, schema, type Database, type Db } from '@/lib/db';
import { createOrg } from '@/lib/orgs/create-org';
import type { SpeechEngine } from '@/lib/speech';
import { EmbeddedStore } from '@/lib/store';
import { signStreamToken } from '@/lib/telephony/stream-token';
import { testCallDeps, TEST_CALL_SETTINGS, type TestCallDeps } from '../../support/call-deps';
import { recordingCarrier } from '../../support/recording-carrier';
import { virtualClock, type VirtualClock } from '../../support/virtual-clock';

// Whole live calls through the loop (Conversation, ReplyPlayer, FramePacer) on a virtual clock,
// with an in-memory media stream, stand-in speech, recognizer and agent, and the lifecycle on
// an in-process database: no build, no sockets, no waiting on the wall clock.

const SILENCE_MS = 500;
const WORD_MS = 300;

/** Speech in which every word lasts WORD_MS: lengths are known without a real engine. */
const fakeSpeech: SpeechEngine = {
  kind: 'espeak',
  description: 'fake speech',
  async *synthesize(request) {
    for (const sentence of request.text.split(/(?<=[.!?])\s+/).filter(Boolean)) {
      const samples = (sentence.split(/\s+/).length * WORD_MS * request.sampleRate) / 1000;
      const pcm = Buffer.alloc(samples * 2);
      for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(4000 * Math.sin(i / 5)), i * 2);
      yield { text: sentence, pcm };
    }
  },
  listVoices: async () => [{ id: 'en', name: 'English', language: 'en' }],
  close: async () => {},
};

/** The agent says `replies` in order (the first one is the greeting); `fail` breaks it. */
function scriptedBrain(replies: string[], options: { fail?: boolean } = {}) {
  const asked: AgentContext[] = [];
  const brain: AgentBrain & { asked: AgentContext[] } = {
    kind: 'llm',
    description: 'scripted stream',
    asked,
    nextLine: () => Promise.reject(new Error('not used by the live loop')),
    async *streamLine(context: AgentContext): AsyncIterable<AgentDelta> {
      asked.push(context);
      if (options.fail) throw new Error('model unavailable');
      const said = context.turns.filter((t) => t.user === 'assistant').length;
      const reply = replies[Math.min(said, replies.length - 1)] ?? '';
      const end = reply.endsWith('[END]');
      const text = reply.replace('[END]', '').trim();
      for (const word of text.split(' ')) yield { text: `${word} ` };
      yield { text: '', end };
    },
    summarize: async () => 'A short call.',
  };
  return brain;
}

function fakeRecognizer(texts: string[], options: { fail?: boolean } = {}): SpeechRecognizer {
  let turn = 0;
  return {
    kind: 'upstream',
    description: 'fake recognizer',
    transcribe: async () => {
      if (options.fail) throw new Error('recognizer down');
      return texts[turn++] ?? '';
    },
  };
}

const voiced = (amplitude: number) => {
  const frame = Buffer.alloc(160);
  // μ-law: 0xff is silence; a square wave of two codes is loud speech.
  for (let i = 0; i < 160; i++) frame[i] = amplitude === 0 ? 0xff : i % 2 ? 0x10 : 0x90;
  return frame;
};

let callsPlaced = 0;
let database: Database;
let db: Db;
beforeAll(async () => {
  database = createPgliteDatabase(undefined);
  db = await database.ready();
}, 30_000);
afterAll(() => database.close());

interface LiveCall {
  callId: string;
  orgId: string;
  sid: string;
  clock: VirtualClock;
  calls: TestCallDeps;
  carrier: ReturnType<typeof recordingCarrier>;
  conversation: Conversation;
  sent: OutboundFrame[];
  brain: ReturnType<typeof scriptedBrain>;
  /** Marks echo back as the carrier plays them; off, they never come. */
  echoMarks: { on: boolean };
  say(ms: number): Promise<void>;
  run(ms: number): Promise<void>;
  /**
   * Runs the line 20 ms at a time until `done` holds, letting the database answer in between
   * (it works in real time, off the virtual clock); fails after `withinMs` of line time.
   */
  until(done: () => boolean | Promise<boolean>, withinMs?: number): Promise<void>;
  row(): Promise<CallRow>;
  lines(): Promise<[string, string][]>;
}

async function liveCall(options: {
  replies: string[];
  heard?: string[];
  body?: Record<string, unknown>;
  brainFails?: boolean;
  recognizerFails?: boolean;
}): Promise<LiveCall> {
  const clock = virtualClock(Date.parse('2026-11-05T09:00:00Z'));
  const carrier = recordingCarrier({ sidPrefix: `CA${++callsPlaced}-` });
  const brain = scriptedBrain(options.replies, { fail: options.brainFails });
  const calls: TestCallDeps = {
    ...testCallDeps(db, fakeSpeech, { clock, brain }),
    provider: carrier,
  };
  const { orgId } = await createOrg(
    db,
    { name: 'Live', startingCreditMicros: 10_000_000 },
    new Date(clock.now()),
  );
  const { call_id: callId } = (
    await dispatchCall(calls, {
      orgId,
      body: {
        phone_number: '+14155550123',
        task: 'Confirm Tuesday.',
        max_duration: 2,
        ...options.body,
      },
      idempotencyKey: null,
      origin: 'https://api.test',
    })
  ).body;
  await runDueWork(calls);
  const sid = (await db.select().from(schema.calls).where(eq(schema.calls.id, callId)))[0]!
    .carrierCallSid!;
  await applyCarrierStatus(calls, callId, { CallSid: sid, CallStatus: 'in-progress' });

  const deps: ConversationDeps = {
    db,
    store: new EmbeddedStore({}),
    clock,
    speech: fakeSpeech,
    brain,
    recognizer: fakeRecognizer(options.heard ?? [], { fail: options.recognizerFails }),
    carrier,
    settings: { urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey, silenceMs: SILENCE_MS },
  };
  const sent: OutboundFrame[] = [];
  const echoMarks = { on: true };
  const transport = {
    send: (frame: OutboundFrame) => {
      sent.push(frame);
      if (frame.event === 'mark' && echoMarks.on)
        void conversation.handleFrame({ event: 'mark', mark: { name: frame.mark.name } });
    },
    close: () => undefined,
  };
  const conversation = new Conversation(deps, transport);
  const streamStart = clock.now();
  await conversation.handleFrame({
    event: 'start',
    streamSid: 'MZ1',
    start: {
      callSid: sid,
      customParameters: {
        callId,
        token: signStreamToken(TEST_CALL_SETTINGS.urlSigningKey, callId, clock.now()),
      },
    },
  });
  const media = (frame: Buffer) =>
    conversation.handleFrame({
      event: 'media',
      media: { timestamp: clock.now() - streamStart, payload: frame.toString('base64') },
    });
  const row = async () =>
    (await db.select().from(schema.calls).where(eq(schema.calls.id, callId)))[0]!;
  return {
    callId,
    orgId,
    sid,
    clock,
    calls,
    carrier,
    conversation,
    sent,
    brain,
    echoMarks,
    row,
    /** The callee speaks for `ms`, then is silent until the turn has ended. */
    async say(ms) {
      for (let t = 0; t < ms + SILENCE_MS + 100; t += 20) {
        await media(voiced(t < ms ? 1 : 0));
        await clock.advance(20);
      }
    },
    /** The line runs for `ms` with the callee silent. */
    async run(ms) {
      for (let t = 0; t < ms; t += 20) {
        await media(voiced(0));
        await clock.advance(20);
      }
    },
    async until(done, withinMs = 10_000) {
      for (let t = 0; !(await done()); t += 20) {
        if (t > withinMs) throw new Error(`not within ${withinMs} ms of the call`);
        await media(voiced(0));
        await clock.advance(20);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    },
    lines: async () =>
      (
        await db
          .select()
          .from(schema.transcripts)
          .where(eq(schema.transcripts.callId, callId))
          .orderBy(schema.transcripts.seq)
      ).map((l) => [l.user, l.text] as [string, string]),
  };
}

const mediaFrames = (call: LiveCall) => call.sent.filter((f) => f.event === 'media').length;
const hangUps = (call: LiveCall) => call.carrier.hungUp.filter((s) => s === call.sid).length;

describe('a live call on a virtual clock', () => {
  it('greets, hears a turn, answers, says goodbye and hangs up; the final callback bills it', async () => {
    const call = await liveCall({
      replies: ['Hi, this is Ava.', 'Great, see you Tuesday. Goodbye! [END]'],
      heard: ['Yes, Tuesday works.'],
    });
    await call.run(1_500);
    // The greeting went out as 20 ms frames, paced on the clock: 4 words of 300 ms.
    expect(mediaFrames(call)).toBe(60);
    await call.say(1_000);
    await call.until(() => hangUps(call) === 1);
    expect((await call.row()).lineState).toMatchObject({
      line: 'carrier',
      pendingEnding: { endedBy: 'ASSISTANT' },
    });
    await call.conversation.handleFrame({ event: 'stop' });
    expect((await call.row()).lineState).toMatchObject({ streamMs: expect.any(Number) });
    await applyCarrierStatus(call.calls, call.callId, {
      CallSid: call.sid,
      CallStatus: 'completed',
      CallDuration: 7,
    });
    expect(await call.row()).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'ASSISTANT',
      priceMicros: TEST_CALL_SETTINGS.pricePerMinuteMicros,
    });
    expect(await call.lines()).toEqual([
      ['assistant', 'Hi, this is Ava.'],
      ['user', 'Yes, Tuesday works.'],
      ['assistant', 'Great, see you Tuesday. Goodbye!'],
    ]);
  });

  it('stops talking at once when the callee talks over it, keeping only what was heard', async () => {
    const call = await liveCall({
      replies: [
        'Hello.',
        'Your appointment is on Tuesday. It is at three in the afternoon. We are on Elm Street.',
        'Of course, goodbye. [END]',
      ],
      heard: ['Is it Tuesday?', 'Sorry, I have to go.'],
    });
    await call.run(800);
    await call.say(600);
    // The reply's first sentence (5 words) plays out; then the callee interrupts.
    await call.run(1_600);
    const before = mediaFrames(call);
    await call.say(800);
    expect(call.sent.some((f) => f.event === 'clear')).toBe(true);
    await call.until(() => hangUps(call) === 1);
    const lines = await call.lines();
    expect(lines[2]).toEqual(['assistant', 'Your appointment is on Tuesday.']);
    expect(lines[3]).toEqual(['user', 'Sorry, I have to go.']);
    expect(mediaFrames(call)).toBeGreaterThan(before);
  });

  it('waits through a voicemail greeting, leaves the message once detection says so, then hangs up', async () => {
    const call = await liveCall({
      replies: ['Hi, this is Bright Dental. Please call us back. [END]'],
      heard: [''],
      body: { wait_for_greeting: true },
    });
    await call.say(1_500);
    expect(mediaFrames(call)).toBe(0);
    await applyCarrierStatus(call.calls, call.callId, {
      CallSid: call.sid,
      AnsweredBy: 'machine_end_beep',
    });
    await call.until(() => hangUps(call) === 1);
    expect(call.brain.asked.at(-1)?.answeredBy).toBe('voicemail');
    expect(mediaFrames(call)).toBeGreaterThan(100);
    expect((await call.lines()).at(-1)).toEqual([
      'assistant',
      'Hi, this is Bright Dental. Please call us back.',
    ]);
  });

  it('hangs up at max_duration on the clock', async () => {
    const call = await liveCall({ replies: ['Hello.'], body: { max_duration: 1 } });
    const start = call.clock.now();
    await call.run(59_000);
    expect(hangUps(call)).toBe(0);
    await call.until(() => hangUps(call) === 1);
    expect(call.clock.now() - start).toBeGreaterThanOrEqual(60_000);
    expect(call.clock.now() - start).toBeLessThan(60_500);
    expect((await call.row()).lineState).toMatchObject({
      pendingEnding: { endedBy: 'MAX_DURATION' },
    });
  });

  it('apologises and ends with the recognizer’s failure, even if the apology’s mark never returns', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const call = await liveCall({ replies: ['Hello.'], recognizerFails: true });
    await call.run(600);
    const greeting = mediaFrames(call);
    call.echoMarks.on = false;
    await call.say(600);
    // The apology (9 words) is spoken; without its mark the fallback hangs up 2 s after it.
    await call.until(() => mediaFrames(call) - greeting === 135);
    const spokenAt = call.clock.now();
    await call.run(1_000);
    expect(hangUps(call)).toBe(0);
    await call.until(() => hangUps(call) === 1);
    expect(call.clock.now() - spokenAt).toBeGreaterThan(1_500);
    const { lineState } = await call.row();
    expect(lineState).toMatchObject({
      pendingEnding: {
        endedBy: 'SYSTEM',
        errorMessage: expect.stringMatching(/^The speech recognizer failed/),
      },
    });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('apologises and ends when the agent fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const call = await liveCall({ replies: ['Hello.'], brainFails: true });
    await call.until(() => hangUps(call) === 1);
    expect((await call.row()).lineState).toMatchObject({
      pendingEnding: { errorMessage: expect.stringMatching(/^The agent failed/) },
    });
    error.mockRestore();
  });

  it('is hung up by a stop through the API and billed from its stream if the carrier goes quiet', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const call = await liveCall({ replies: ['Hello there, this is Ava.'] });
    await call.run(10_000);
    await stopCall(call.calls, call.orgId, call.callId);
    expect(hangUps(call)).toBe(1);
    // The carrier ends the stream; the loop stops and hangs up no second time.
    await call.conversation.handleFrame({ event: 'stop' });
    await call.until(
      async () =>
        (await call.row()).lineState?.line === 'carrier' &&
        'streamMs' in (await call.row()).lineState!,
    );
    expect(hangUps(call)).toBe(1);
    // Every timer of the call (max_duration, the voicemail poll) was cancelled with the stream.
    expect(call.clock.pendingSleeps()).toBe(0);
    await call.clock.advance(FINAL_CALLBACK_WAIT_MS);
    await runDueWork(call.calls);
    expect(await call.row()).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'API',
      durationMs: 10_000,
      priceMicros: TEST_CALL_SETTINGS.pricePerMinuteMicros,
    });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
