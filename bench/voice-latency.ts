// npm run bench:voice-latency — voice-to-voice latency of real-call conversations: from the last
// voiced inbound frame of the callee's turn to the first outbound frame of the agent's reply,
// at 1 call (the same-run baseline) and at 20 concurrent calls on one instance, with recognizer
// and LLM stand-ins of fixed latency. Also outbound frame jitter and the server's event-loop
// utilisation. See bench/README.md ("Voice-to-voice latency") for how to read the output.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeMulaw, mulawFrames } from '../lib/conversation/mulaw';
import { createSpeechEngine } from '../lib/speech';
import { ADMIN_TOKEN } from '../tests/support/http';
import {
  CalleeStream,
  fakeRecords,
  parseTwiml,
  setFakeMode,
  signedCallback,
  TWILIO_ACCOUNT_SID,
} from '../tests/support/twilio-line';
import { startCarrierServer } from '../tests/support/carrier-server';
import { createTestOrg, dispatch } from '../tests/support/voice-api';
import { positiveInt } from './rounds';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '20' },
    turns: { type: 'string', default: '5' },
    'stt-ms': { type: 'string', default: '100' },
    'llm-first-token-ms': { type: 'string', default: '150' },
    'silence-ms': { type: 'string', default: '500' },
  },
});
const settings = {
  calls: positiveInt('calls', args.calls),
  turns: positiveInt('turns', args.turns),
  sttMs: positiveInt('stt-ms', args['stt-ms']),
  firstTokenMs: positiveInt('llm-first-token-ms', args['llm-first-token-ms']),
  silenceMs: positiveInt('silence-ms', args['silence-ms']),
};
const STAND_INS_MS = settings.sttMs + settings.firstTokenMs;
const ELU_PRELOAD = './bench/elu-preload.ts';
const CALLEE_LINE = 'Yes, that works for me.';
const REPLY = 'Sure. I will note that down for you, thank you.';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Index of the last frame of the utterance loud enough to count as speech (as our detector does). */
function lastVoicedFrame(frames: Buffer[]): number {
  for (let i = frames.length - 1; i >= 0; i--) {
    const pcm = decodeMulaw(frames[i]!);
    let sum = 0;
    for (const s of pcm) sum += s * s;
    if (Math.sqrt(sum / pcm.length) >= 330) return i;
  }
  return frames.length - 1;
}

interface CallResult {
  latencies: number[];
  /** How late each outbound frame arrived against start-of-run + n × 20 ms. */
  lateness: number[];
}

async function runCall(
  base: string,
  fakeDir: string,
  apiKey: string,
  engine: ReturnType<typeof createSpeechEngine>,
  voicedIndex: number,
): Promise<CallResult> {
  const callId = await dispatch(base, apiKey, {
    phone_number: '+14155550123',
    task: 'Confirm the appointment.',
    first_sentence: 'Hello, this is the clinic.',
    max_duration: 10,
  });
  let create;
  for (;;) {
    create = fakeRecords(fakeDir).find(
      (r) => r.action === 'create' && r.params?.Twiml?.includes(callId),
    );
    if (create) break;
    await wait(50);
  }
  const twiml = parseTwiml(create.params!.Twiml!);
  const callback = create.params!.StatusCallback!;
  const sid = create.sid!;
  const status = (s: string, extra: Record<string, string> = {}) =>
    signedCallback(callback, {
      AccountSid: TWILIO_ACCOUNT_SID,
      CallSid: sid,
      CallStatus: s,
      ...extra,
    });
  await status('in-progress');
  const callee = await CalleeStream.open(twiml.streamUrl);
  callee.start(sid, { callId, token: twiml.token });
  const quiet = async () => {
    for (;;) {
      const last = callee.media.at(-1);
      if (last && performance.now() - last.at > 400) return;
      await wait(20);
    }
  };
  await quiet();
  const latencies: number[] = [];
  for (let turn = 0; turn < settings.turns; turn++) {
    const before = callee.media.length;
    const utterance = callee.utterances.length;
    await callee.say(engine, CALLEE_LINE);
    for (;;) {
      if (callee.media.length > before) break;
      await wait(5);
    }
    const u = callee.utterances[utterance]!;
    // The send time of the last voiced frame: first + index × 20 ms on the callee's clock.
    const lastVoiced = u.first + voicedIndex * 20;
    latencies.push(callee.media[before]!.at - lastVoiced);
    await quiet();
  }
  // Lateness within each run of frames (a run: frames less than 60 ms apart).
  const lateness: number[] = [];
  let runStart = 0;
  let n = 0;
  for (let i = 0; i < callee.media.length; i++) {
    const at = callee.media[i]!.at;
    if (i === 0 || at - callee.media[i - 1]!.at > 60) {
      runStart = at;
      n = 0;
    }
    lateness.push(at - (runStart + n * 20));
    n++;
  }
  callee.stop(sid);
  callee.close();
  await status('completed', { CallDuration: '30' });
  return { latencies, lateness };
}

function eluBetween(file: string, from: number, to: number): number[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { at: number; elu: number })
    .filter((s) => s.at >= from && s.at <= to)
    .map((s) => s.elu);
}

async function main() {
  const fakeDir = mkdtempSync(join(tmpdir(), 'voice-bench-'));
  const eluFile = join(fakeDir, 'elu.ndjson');
  const server = await startCarrierServer({
    fakeDir,
    preload: [ELU_PRELOAD],
    env: {
      AGENT_LLM_MODEL: 'bench-model',
      END_OF_TURN_SILENCE_MS: String(settings.silenceMs),
      BENCH_ELU_FILE: eluFile,
    },
  });
  const engine = createSpeechEngine();
  try {
    setFakeMode(fakeDir, {
      stt: { text: CALLEE_LINE, latencyMs: settings.sttMs },
      llm: { reply: REPLY, firstTokenMs: settings.firstTokenMs },
    });
    const org = await createTestOrg(server.url, 1000);
    await fetch(`${server.url}/internal/orgs/${org.orgId}/limits`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ concurrent_calls: settings.calls + 5 }),
    });
    const pcm: Buffer[] = [];
    for await (const chunk of engine.synthesize({ text: CALLEE_LINE, sampleRate: 8000 }))
      pcm.push(chunk.pcm);
    const voicedIndex = lastVoicedFrame(mulawFrames(Buffer.concat(pcm)));

    const rows: {
      name: string;
      result: CallResult[];
      elu: number[];
      pacing: { frames: number; maxLate: number; over40: number }[];
    }[] = [];
    for (const [name, count] of [
      ['1 call (baseline)', 1],
      [`${settings.calls} concurrent calls`, settings.calls],
    ] as const) {
      const from = Date.now();
      const result = await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          // Staggered, as real calls are: turns do not all end in the same frame.
          await wait((i * 1000) / count);
          return runCall(server.url, fakeDir, org.apiKey, engine, voicedIndex);
        }),
      );
      // The server's own pacing: each stream logs its worst lateness when it closes.
      await wait(500);
      const pacing = [
        ...server
          .logs()
          .matchAll(
            /media stream closed: (\d+) frames sent, latest ([\d.]+) ms behind schedule, (\d+) more than 40/g,
          ),
      ]
        .slice(-count)
        .map((m) => ({ frames: Number(m[1]), maxLate: Number(m[2]), over40: Number(m[3]) }));
      rows.push({ name, result, elu: eluBetween(eluFile, from, Date.now()), pacing });
    }

    console.log(
      `\nstand-ins: recognizer ${settings.sttMs} ms, LLM first token ${settings.firstTokenMs} ms; ` +
        `end-of-turn silence ${settings.silenceMs} ms; ${settings.turns} turns per call\n`,
    );
    const header = [
      'run',
      'turns',
      'v2v p50',
      'v2v p95',
      'overhead p50',
      'overhead p95',
      'ratio p50',
      'client late p99',
      'client late max',
      'server late max',
      'server > 40 ms',
      'ELU mean',
      'ELU max',
    ];
    console.log(header.join(' | '));
    let baseline = NaN;
    for (const row of rows) {
      const latencies = row.result.flatMap((r) => r.latencies);
      const overhead = latencies.map((l) => l - settings.silenceMs - STAND_INS_MS);
      const lateness = row.result.flatMap((r) => r.lateness);
      const p50 = quantile(overhead, 0.5);
      if (Number.isNaN(baseline)) baseline = p50;
      const elu = row.elu.length ? row.elu : [NaN];
      console.log(
        [
          row.name,
          latencies.length,
          quantile(latencies, 0.5).toFixed(0),
          quantile(latencies, 0.95).toFixed(0),
          p50.toFixed(0),
          quantile(overhead, 0.95).toFixed(0),
          (p50 / baseline).toFixed(2),
          quantile(lateness, 0.99).toFixed(1),
          Math.max(...lateness).toFixed(1),
          Math.max(...row.pacing.map((p) => p.maxLate)).toFixed(1),
          `${row.pacing.reduce((n, p) => n + p.over40, 0)} of ${row.pacing.reduce((n, p) => n + p.frames, 0)}`,
          (elu.reduce((a, b) => a + b, 0) / elu.length).toFixed(2),
          Math.max(...elu).toFixed(2),
        ].join(' | '),
      );
    }
    console.log('\ngoals at 20 calls: overhead p50 <= 50 ms, p95 <= 100 ms; no frame > 40 ms late');
  } finally {
    await engine.close();
    await server.dispose();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
