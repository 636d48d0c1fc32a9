// One benchmarked call for bench/voice-latency.ts: dialled through the API, answered over the
// Twilio stand-in's media stream, `turns` callee turns in real time. Even turns are a finished
// sentence (voice-to-voice latency is measured on them); odd turns are one sentence with a pause
// of 300–600 ms in the middle, where an agent that starts to talk has cut the callee off.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { SpeechEngine } from '../lib/adapters/speech-engine';
import { carrierStatus } from '../tests/support/carrier-call';
import type { ScriptedSegment } from '../tests/support/streaming-stand-in';
import { CalleeStream, parseTwiml, type FakeRecord } from '../tests/support/twilio-line';
import { dispatch } from '../tests/support/voice-api';
import { answerLatency, framesBetween, lastVoicedAt, nextRunAt } from './turn-latency';

export const FINISHED = 'Yes, that works for me.';
export const PAUSED = ["I'd like to", 'move it to Friday.'] as const;

export interface CallResult {
  /** Last voiced callee frame → first agent frame, finished turns only. */
  latencies: number[];
  pausedTurns: number;
  /** Paused turns where the agent's audio began inside the pause. */
  falseCuts: number;
  /** How late each outbound frame arrived against start-of-run + n × 20 ms. */
  lateness: number[];
  /** From dispatch to the carrier's create (a call held in the queue by admission control). */
  queuedMs: number;
  /** When the media stream was live, epoch ms (for the live calls at once). */
  liveFrom: number;
  liveTo: number;
  /**
   * Tool turns only (every finished sentence calls the tool): the filler's first frame → the
   * reply's first frame after the tool answered.
   */
  fillerToReply: number[];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A call with no agent audio this long is reported as stuck (the run stops, naming it). */
const STUCK_MS = 60_000;

/**
 * The carrier's call creations in a fake dir, read on from where the last read stopped. Every
 * call waiting for its dial polls this: reading and parsing the whole log (every model request's
 * messages are in it) per waiting call, every 50 ms, took the bench's own event loop with 50
 * calls held in the queue, and the live calls' frames were then sent and timed seconds late.
 */
const logs = new Map<
  string,
  { offset: number; decoder: StringDecoder; rest: string; creates: FakeRecord[] }
>();
function carrierCreates(dir: string): FakeRecord[] {
  let log = logs.get(dir);
  if (!log) {
    log = { offset: 0, decoder: new StringDecoder('utf8'), rest: '', creates: [] };
    logs.set(dir, log);
  }
  let fd: number;
  try {
    fd = openSync(join(dir, 'calls.ndjson'), 'r');
  } catch {
    return log.creates;
  }
  try {
    const size = fstatSync(fd).size;
    if (size > log.offset) {
      const chunk = Buffer.alloc(size - log.offset);
      readSync(fd, chunk, 0, chunk.length, log.offset);
      log.offset = size;
      const lines = (log.rest + log.decoder.write(chunk)).split('\n');
      log.rest = lines.pop()!;
      for (const line of lines) {
        if (!line.includes('"create"')) continue;
        const record = JSON.parse(line) as FakeRecord;
        if (record.service === 'twilio' && record.action === 'create') log.creates.push(record);
      }
    }
  } finally {
    closeSync(fd);
  }
  return log.creates;
}

/** The segments each call's turns say, in order (the streaming stand-in replays them). */
export function callScript(segments: Map<string, ScriptedSegment>, turns: number) {
  const texts = Array.from({ length: turns }, (_, t) => (t % 2 ? [...PAUSED] : [FINISHED])).flat();
  return texts.map((text) => segments.get(text)!);
}

export async function runCall(options: {
  base: string;
  fakeDir: string;
  apiKey: string;
  engine: SpeechEngine;
  turns: number;
  segments: Map<string, ScriptedSegment>;
  body: Record<string, unknown>;
  /** The model calls a tool on each finished sentence: its answer is a filler, then the reply. */
  toolTurns?: boolean;
}): Promise<CallResult> {
  const { base, fakeDir, engine, segments } = options;
  const dispatchedAt = Date.now();
  const callId = await dispatch(base, options.apiKey, {
    phone_number: '+14155550123',
    task: 'Confirm the appointment.',
    first_sentence: 'Hello, this is the clinic.',
    max_duration: 10,
    ...options.body,
  });
  let create;
  for (;;) {
    create = carrierCreates(fakeDir).find((r) => r.params?.Twiml?.includes(callId));
    if (create) break;
    await wait(50);
  }
  const queuedMs = Date.now() - dispatchedAt;
  const twiml = parseTwiml(create.params!.Twiml!);
  const callback = create.params!.StatusCallback!;
  const sid = create.sid!;
  const status = (s: string, extra: Record<string, string> = {}) =>
    carrierStatus(callback, sid, s, extra);
  await status('in-progress');
  const callee = await CalleeStream.open(twiml.streamUrl);
  callee.start(sid, { callId, token: twiml.token });
  const liveFrom = Date.now();
  /** Fails the run, naming the call, instead of waiting for ever on one that went silent. */
  const deadline = (what: string) => {
    const until = performance.now() + STUCK_MS;
    return () => {
      if (performance.now() > until) throw new Error(`call ${callId}: ${what} in ${STUCK_MS} ms`);
    };
  };
  const quiet = async () => {
    const check = deadline('no agent audio (or no end to it)');
    for (;;) {
      const last = callee.media.at(-1);
      if (last && performance.now() - last.at > 400) return;
      check();
      await wait(20);
    }
  };
  /** The answer to `utterance`: the agent's first frame after its last voiced one. */
  const answered = async (utterance: number, text: string) => {
    const check = deadline('no answer');
    for (;;) {
      const latency = answerLatency(
        callee.media,
        callee.utterances[utterance]!,
        segments.get(text)!.trailingMs!,
      );
      if (latency !== null) return latency;
      check();
      await wait(5);
    }
  };
  const saidOut = async () => {
    while (callee.speaking) await wait(5);
  };
  await quiet();
  const result: CallResult = {
    latencies: [],
    pausedTurns: 0,
    falseCuts: 0,
    lateness: [],
    queuedMs,
    liveFrom,
    liveTo: liveFrom,
    fillerToReply: [],
  };
  /** A tool turn's reply: the agent's next run of audio after the filler's silence. */
  const replied = async (fillerAt: number) => {
    const check = deadline('no reply after the filler');
    for (;;) {
      const at = nextRunAt(callee.media, fillerAt, 100);
      if (at !== null) return at - fillerAt;
      check();
      await wait(5);
    }
  };
  for (let turn = 0; turn < options.turns; turn++) {
    const utterance = callee.utterances.length;
    if (turn % 2 === 0) {
      await callee.say(engine, FINISHED);
      const latency = await answered(utterance, FINISHED);
      result.latencies.push(latency);
      if (options.toolTurns) {
        const fillerAt =
          lastVoicedAt(callee.utterances[utterance]!, segments.get(FINISHED)!.trailingMs!)! +
          latency;
        result.fillerToReply.push(await replied(fillerAt));
      }
    } else {
      result.pausedTurns++;
      const pauseMs = 300 + Math.random() * 300;
      await callee.say(engine, PAUSED[0]);
      await saidOut();
      const endOfFirst = lastVoicedAt(
        callee.utterances[utterance]!,
        segments.get(PAUSED[0])!.trailingMs!,
      )!;
      // The engine's trailing silence is part of the pause.
      await wait(Math.max(0, endOfFirst + pauseMs - performance.now()));
      const resumedAt = performance.now();
      if (framesBetween(callee.media, endOfFirst, resumedAt) > 0) result.falseCuts++;
      await callee.say(engine, PAUSED[1]);
      await answered(utterance + 1, PAUSED[1]);
    }
    await quiet();
  }
  // Lateness within each run of frames (a run: frames less than 60 ms apart).
  let runStart = 0;
  let n = 0;
  for (let i = 0; i < callee.media.length; i++) {
    const at = callee.media[i]!.at;
    if (i === 0 || at - callee.media[i - 1]!.at > 60) {
      runStart = at;
      n = 0;
    }
    result.lateness.push(at - (runStart + n * 20));
    n++;
  }
  callee.stop(sid);
  callee.close();
  result.liveTo = Date.now();
  await status('completed', { CallDuration: '30' });
  return result;
}
