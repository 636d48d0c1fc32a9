import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { AgentAction, AgentBrain, AgentContext, AgentDelta } from '@/lib/adapters/agent-brain';
import { createAgent } from '@/lib/calls/agents';
import { applyCarrierStatus } from '@/lib/calls/lifecycle';
import { answerInboundWebhook, importNumber, updateNumber } from '@/lib/calls/numbers';
import { createOrg } from '@/lib/composition/create-org';
import { depositFunds } from '@/lib/wallet';
import { runDueWork } from '@/lib/calls/run-due-work';
import type { CallRow } from '@/lib/calls/types';
import { Conversation } from '@/lib/calls/conversation/conversation';
import type { SpeechRecognizer } from '@/lib/adapters/recognizers/speech-recognizer';
import type { OutboundFrame } from '@/lib/calls/conversation/twilio-frames';
import type { ConversationDeps } from '@/lib/calls/conversation/types';
import { schema, type Database, type Db } from '@/lib/adapters/db';
import type { SpeechEngine } from '@/lib/adapters/speech-engine';
import { EmbeddedStore } from '@/lib/adapters/store';
import { signStreamToken } from '@/lib/adapters/telephony/stream-token';
import { testCallDeps, TEST_CALL_SETTINGS, type TestCallDeps } from './call-deps';
import { dispatchTestCall, recordingCarrier } from './recording-carrier';
import type { FakeStreaming } from './fake-streaming';
import { virtualClock, type VirtualClock } from './virtual-clock';
import { freshPglite } from './databases';

// A whole live call through the loop (Conversation, ReplyPlayer, FramePacer) on a virtual clock,
// with an in-memory media stream, stand-in speech, recognizer and agent, and the lifecycle on a
// real (in-process) database, for tests/unit/conversation/live-call.test.ts.

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

/** A reply that calls an action (after its `text`, if any) instead of only talking. */
export type ActingReply = { action: AgentAction; text?: string };

/**
 * The agent says `replies` in order (the first one is the greeting); `fail` breaks it. A reply
 * that acts is recorded in `acted` with the clock's time.
 */
function scriptedBrain(
  replies: (string | ActingReply)[],
  options: { fail?: boolean; clock?: VirtualClock; thinkMs?: number } = {},
) {
  const asked: AgentContext[] = [];
  const acted: number[] = [];
  const brain: AgentBrain & { asked: AgentContext[]; acted: number[] } = {
    kind: 'llm',
    description: 'scripted stream',
    asked,
    acted,
    nextLine: () => Promise.reject(new Error('not used by the live loop')),
    async *streamLine(context: AgentContext, signal?: AbortSignal): AsyncIterable<AgentDelta> {
      asked.push(context);
      if (options.fail) throw new Error('model unavailable');
      // The first token takes this long on the call's clock (the greeting does not wait).
      if (options.thinkMs && context.turns.length > 1) {
        await options.clock!.sleep(options.thinkMs, signal);
        if (signal?.aborted) return;
      }
      const said = context.turns.filter((t) => t.user === 'assistant').length;
      const next = replies[Math.min(said, replies.length - 1)] ?? '';
      if (typeof next === 'object') {
        for (const word of (next.text ?? '').split(' ').filter(Boolean)) yield { text: `${word} ` };
        acted.push(options.clock?.now() ?? 0);
        yield { text: '', action: next.action };
        return;
      }
      const reply = next;
      const end = reply.endsWith('[END]');
      const text = reply.replace('[END]', '').trim();
      for (const word of text.split(' ')) yield { text: `${word} ` };
      yield { text: '', end };
    },
    summarize: async () => 'A short call.',
  };
  return brain;
}

function fakeRecognizer(texts: string[], options: { fail?: boolean } = {}) {
  let turn = 0;
  const recognizer: SpeechRecognizer & { asked: number; keywords: (string[] | undefined)[] } = {
    kind: 'upstream',
    description: 'fake recognizer',
    asked: 0,
    keywords: [],
    transcribe: async (_pcm, request) => {
      recognizer.asked++;
      recognizer.keywords.push(request.keywords);
      if (options.fail) throw new Error('recognizer down');
      return texts[turn++] ?? '';
    },
  };
  return recognizer;
}

const voiced = (amplitude: number) => {
  const frame = Buffer.alloc(160);
  // μ-law: 0xff is silence; a square wave of two codes is loud speech.
  for (let i = 0; i < 160; i++) frame[i] = amplitude === 0 ? 0xff : i % 2 ? 0x10 : 0x90;
  return frame;
};

let callsPlaced = 0;

export interface LiveCall {
  callId: string;
  orgId: string;
  sid: string;
  clock: VirtualClock;
  calls: TestCallDeps;
  carrier: ReturnType<typeof recordingCarrier>;
  conversation: Conversation;
  /** The loop's deps and transport: a stream reconnected (press_digits) opens on them again. */
  deps: ConversationDeps;
  transport: { send(frame: OutboundFrame): void; close(): void };
  sent: OutboundFrame[];
  brain: ReturnType<typeof scriptedBrain>;
  /** The whole-turn recognizer: `asked` counts its requests. */
  recognizer: ReturnType<typeof fakeRecognizer>;
  /** Marks echo back as the carrier plays them; off, they never come. */
  echoMarks: { on: boolean };
  say(ms: number): Promise<void>;
  /** The callee speaks for `ms`, with no silence after. */
  speak(ms: number): Promise<void>;
  /**
   * The line's next audio (speech and silence in turn) reaches the loop late, in one burst: the
   * clock first moves by its length (the loop was stalled), then every frame comes at once.
   */
  burst(parts: { speech: boolean; ms: number }[]): Promise<void>;
  /** Clock time at which each media frame was sent. */
  mediaSentAt: number[];
  /** The text of each synthesis request, as the speech engine got it. */
  synthesized: string[];
  run(ms: number): Promise<void>;
  /**
   * Runs the line 20 ms at a time until `done` holds, letting the database answer in between
   * (it works in real time, off the virtual clock); fails after `withinMs` of line time.
   */
  until(done: () => boolean | Promise<boolean>, withinMs?: number): Promise<void>;
  row(): Promise<CallRow>;
  lines(): Promise<[string, string][]>;
}

export async function liveCall(
  db: Db,
  options: {
    replies: (string | ActingReply)[];
    /** Private addresses the call's tools may reach: at dispatch, and on the line (else the same). */
    allowIps?: string[];
    lineAllowIps?: string[];
    heard?: string[];
    body?: Record<string, unknown>;
    brainFails?: boolean;
    recognizerFails?: boolean;
    /** The agent's first token takes this long (virtual ms) on each answer. */
    thinkMs?: number;
    /** Streaming recognition through this fake; unset: whole turns only. */
    streaming?: FakeStreaming;
    /**
     * A caller rings a number of the organization whose agent has these settings (`body`): the
     * call starts at our inbound webhook instead of being dialled.
     */
    inbound?: { caller: string };
  },
): Promise<LiveCall> {
  const clock = virtualClock(Date.parse('2026-11-05T09:00:00Z'));
  const carrier = recordingCarrier({ sidPrefix: `CA${++callsPlaced}-` });
  const brain = scriptedBrain(options.replies, {
    fail: options.brainFails,
    clock,
    thinkMs: options.thinkMs,
  });
  const synthesized: string[] = [];
  const speech: SpeechEngine = {
    ...fakeSpeech,
    synthesize: (request) => {
      synthesized.push(request.text);
      return fakeSpeech.synthesize(request);
    },
  };
  const base = testCallDeps(db, speech, { clock, brain });
  const allowIps = options.allowIps ?? [];
  const calls: TestCallDeps = {
    ...base,
    provider: carrier,
    settings: { ...base.settings, allowIps },
  };
  const placed = options.inbound
    ? await ringInbound(calls, options.inbound.caller, { max_duration: 2, ...options.body })
    : await dialOutbound(calls, { max_duration: 2, ...options.body });
  const { callId, orgId, sid } = placed;

  const recognizer = fakeRecognizer(options.heard ?? [], { fail: options.recognizerFails });
  const deps: ConversationDeps = {
    db,
    store: new EmbeddedStore({}),
    clock,
    speech,
    brain,
    recognizer,
    streaming: options.streaming?.recognizer ?? null,
    carrier,
    settings: {
      urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey,
      silenceMs: SILENCE_MS,
      allowIps: options.lineAllowIps ?? allowIps,
    },
  };
  const sent: OutboundFrame[] = [];
  const mediaSentAt: number[] = [];
  const echoMarks = { on: true };
  const transport = {
    send: (frame: OutboundFrame) => {
      sent.push(frame);
      if (frame.event === 'media') mediaSentAt.push(clock.now());
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
        token:
          placed.token ?? signStreamToken(TEST_CALL_SETTINGS.urlSigningKey, callId, clock.now()),
      },
    },
  });
  const mediaAt = (timestamp: number, frame: Buffer) =>
    conversation.handleFrame({
      event: 'media',
      media: { timestamp, payload: frame.toString('base64') },
    });
  const media = (frame: Buffer) => mediaAt(clock.now() - streamStart, frame);
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
    deps,
    transport,
    sent,
    brain,
    recognizer,
    echoMarks,
    mediaSentAt,
    synthesized,
    row,
    async speak(ms) {
      for (let t = 0; t < ms; t += 20) {
        await media(voiced(1));
        await clock.advance(20);
      }
    },
    async burst(parts) {
      const from = clock.now() - streamStart;
      const frames = parts.flatMap(({ speech, ms }) =>
        Array.from({ length: ms / 20 }, () => voiced(speech ? 1 : 0)),
      );
      await clock.advance(frames.length * 20);
      for (const [i, frame] of frames.entries()) await mediaAt(from + i * 20, frame);
    },
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

/** A dialled call, answered by a person. */
async function dialOutbound(calls: TestCallDeps, body: Record<string, unknown>) {
  const { callId, orgId } = await dispatchTestCall(calls, body);
  await runDueWork(calls);
  const sid = (await calls.db.select().from(schema.calls).where(eq(schema.calls.id, callId)))[0]!
    .carrierCallSid!;
  await applyCarrierStatus(calls, callId, { CallSid: sid, CallStatus: 'in-progress' });
  return { callId, orgId, sid, token: null };
}

let inboundCalls = 0;

/**
 * A caller rings a number the organization imported, answered by its agent (`body` its settings):
 * the inbound webhook's TwiML gives the call id and stream token the stream's start carries.
 */
async function ringInbound(calls: TestCallDeps, caller: string, body: Record<string, unknown>) {
  const now = new Date(calls.clock.now());
  const actor = { type: 'system' as const, id: null };
  // A paying organization: a carrier's numbers are not rented against starting credit.
  const { orgId } = await createOrg(calls.db, { name: 'Inbound', startingCreditMicros: 0 }, now);
  await depositFunds(calls.db, orgId, 10_000_000, actor, now);
  const agent = await createAgent(
    { db: calls.db, allowIps: [], urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey },
    { orgId, body: { name: 'Front desk', task: 'Answer the caller.', ...body }, actor },
    now,
  );
  const number = `+121255501${10 + (++inboundCalls % 90)}`;
  const numberDeps = { db: calls.db, provider: calls.provider, monthlyFeeMicros: 0 };
  await importNumber(numberDeps, { orgId, body: { number }, actor }, now);
  await updateNumber(
    calls.db,
    { orgId, number, body: { inbound_agent_id: agent.agent_id }, actor },
    now,
  );
  const sid = `CAin${inboundCalls}`;
  const twiml = await answerInboundWebhook(calls, {
    signature: 'checked by the carrier stand-in',
    pathAndQuery: '/v1/telephony/twilio/inbound',
    form: { CallSid: sid, From: caller, To: number },
  });
  const param = (name: string) =>
    new RegExp(`<Parameter name="${name}" value="([^"]+)"`).exec(twiml)?.[1];
  return { callId: param('callId')!, orgId, sid, token: param('token')! };
}

export const mediaFrames = (call: LiveCall) => call.sent.filter((f) => f.event === 'media').length;
export const hangUps = (call: LiveCall) => call.carrier.hungUp.filter((s) => s === call.sid).length;

/** `liveCall` on a PGlite database of the test file's own: opened before its tests, closed after. */
export function liveCallsOnOwnDatabase(): (
  options: Parameters<typeof liveCall>[1],
) => Promise<LiveCall> {
  let database: Database;
  let db: Db;
  // A fresh PGlite runs every migration: seconds alone, a minute on a machine shared by many.
  beforeAll(async () => {
    database = freshPglite();
    db = await database.ready();
  }, 120_000);
  afterAll(() => database.close());
  return (options) => liveCall(db, options);
}
