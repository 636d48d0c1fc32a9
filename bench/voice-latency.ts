// npm run bench:voice-latency — voice-to-voice latency of real-call conversations, today's path
// beside the fast one in the same run: a fixed end-of-turn window with the whole-turn recognizer
// (the baseline), then streaming recognition (the Deepgram-protocol stand-in) with the Silero VAD
// and the adaptive end of turn. Each runs `--calls` concurrent calls on one instance with
// recognizer and LLM stand-ins of fixed latency, and reports latency from the callee's last
// voiced frame to the agent's first, our own overhead, false cuts (the agent starting inside a
// mid-sentence pause), frame lateness and the server's event-loop utilisation. See
// bench/README.md ("Voice-to-voice latency").
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSpeechEngine } from '../lib/adapters/speech-engine';
import { startCarrierServer } from '../tests/support/carrier-server';
import { ADMIN_TOKEN } from '../tests/support/http';
import { scriptOf, startStreamingStandIn } from '../tests/support/streaming-stand-in';
import { setFakeMode } from '../tests/support/twilio-line';
import { createTestOrg } from '../tests/support/voice-api';
import { startCpuHogs } from './cpu-hogs';
import { positiveInt } from './rounds';
import { callScript, FINISHED, PAUSED, runCall, type CallResult } from './voice-call';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '20' },
    turns: { type: 'string', default: '6' },
    'stt-ms': { type: 'string', default: '100' },
    'llm-first-token-ms': { type: 'string', default: '150' },
    'silence-ms': { type: 'string', default: '500' },
    'min-ms': { type: 'string', default: '200' },
    'max-ms': { type: 'string', default: '800' },
    // Calls (two turns each) a fresh server plays before the measured ones; 0 measures it cold.
    warmup: { type: 'string', default: '3' },
    // Busy processes (one core each) running beside the server for the whole run: "under load".
    hog: { type: 'string', default: '0' },
    // Capacity mode: the fast path alone at --calls, then `step` more at a time, until p95 voice
    // to voice passes 600 ms or false cuts pass 5 %; prints the last count within both.
    'find-capacity': { type: 'boolean', default: false },
    step: { type: 'string', default: '5' },
    // Admission mode: the fast path alone on a server with LIVE_CALL_CAPACITY=admit, offered
    // --calls (e.g. 1.5× the capacity); prints the figures of the calls let in at once and of
    // those that waited in the queue, and the most calls live at once.
    admit: { type: 'string', default: '0' },
    // Tool turns (issue 33): a third path where every finished sentence makes the model call a
    // tool that answers after this many ms; 0 leaves the path out.
    'tool-ms': { type: 'string', default: '0' },
  },
});
const settings = {
  calls: positiveInt('calls', args.calls),
  turns: positiveInt('turns', args.turns),
  sttMs: positiveInt('stt-ms', args['stt-ms']),
  firstTokenMs: positiveInt('llm-first-token-ms', args['llm-first-token-ms']),
  silenceMs: positiveInt('silence-ms', args['silence-ms']),
  minMs: positiveInt('min-ms', args['min-ms']),
  maxMs: positiveInt('max-ms', args['max-ms']),
  warmup: args.warmup === '0' ? 0 : positiveInt('warmup', args.warmup),
  hogs: args.hog === '0' ? 0 : positiveInt('hog', args.hog),
  step: positiveInt('step', args.step),
  admit: args.admit === '0' ? 0 : positiveInt('admit', args.admit),
  toolMs: args['tool-ms'] === '0' ? 0 : positiveInt('tool-ms', args['tool-ms']),
};
/** What capacity mode holds an instance to (issue 32): p95 voice to voice, false cuts. */
const CAPACITY_P95_MS = 600;
const CAPACITY_CUTS = 0.05;
const REPLY = 'Sure. I will note that down for you, thank you.';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

interface Path {
  name: string;
  env: Record<string, string>;
  body: Record<string, unknown>;
  /** The part of the latency that is waiting by design (window and stand-ins). */
  designMs: number;
  /** The model calls this tool on every finished sentence (the tool-turn path). */
  toolWhen?: { heard: string; tool: string };
}

type StandIn = Awaited<ReturnType<typeof startStreamingStandIn>>;

/**
 * The loop's seconds while the calls ran: the preload's 250 ms slices summed into one-second
 * windows from the calls' start (a slice counts where its middle falls), whole windows only.
 */
function secondsOfLoop(ndjson: string, from: number, to: number) {
  const slices = ndjson
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as { at: number; active: number; idle: number; cpu: number | null },
    );
  const windows = new Map<number, { active: number; idle: number; cpu: number | null }>();
  for (const slice of slices) {
    const middle = slice.at - (slice.active + slice.idle) / 2;
    const second = Math.floor((middle - from) / 1000);
    if (middle < from || from + (second + 1) * 1000 > to) continue;
    const w = windows.get(second) ?? { active: 0, idle: 0, cpu: 0 };
    w.active += slice.active;
    w.idle += slice.idle;
    w.cpu = w.cpu === null || slice.cpu === null ? null : w.cpu + slice.cpu;
    windows.set(second, w);
  }
  return [...windows].map(([second, w]) => ({
    second,
    elu: w.active / (w.active + w.idle),
    cpu: w.cpu === null ? null : w.cpu / ((w.active + w.idle) / 1000),
  }));
}

async function runPath(
  path: Path,
  engine: ReturnType<typeof createSpeechEngine>,
  standIn: StandIn,
) {
  const fakeDir = mkdtempSync(join(tmpdir(), 'voice-bench-'));
  const eluFile = join(fakeDir, 'elu.ndjson');
  const server = await startCarrierServer({
    fakeDir,
    preload: [
      './bench/elu-preload.ts',
      // BENCH_CPU_PROFILE_DIR: a CPU profile of the server (bench/cpu-profile-preload.ts).
      ...(process.env.BENCH_CPU_PROFILE_DIR ? ['./bench/cpu-profile-preload.ts'] : []),
    ],
    env: {
      AGENT_LLM_MODEL: 'bench-model',
      BENCH_ELU_FILE: eluFile,
      ...(process.env.BENCH_CPU_PROFILE_DIR
        ? { BENCH_CPU_PROFILE_DIR: process.env.BENCH_CPU_PROFILE_DIR }
        : {}),
      // e.g. --max-old-space-size (Node refuses --cpu-prof here: see BENCH_CPU_PROFILE_DIR)
      NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? '',
      ...(settings.admit ? { LIVE_CALL_CAPACITY: String(settings.admit) } : {}),
      ...path.env,
    },
  });
  const readyAt = Date.now();
  try {
    setFakeMode(fakeDir, {
      stt: { text: FINISHED, latencyMs: settings.sttMs },
      llm: { reply: REPLY, firstTokenMs: settings.firstTokenMs, toolWhen: path.toolWhen },
    });
    const org = await createTestOrg(server.url, 1000);
    await fetch(`${server.url}/internal/orgs/${org.orgId}/limits`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ concurrent_calls: settings.calls + 5 }),
    });
    const segments = new Map(
      (await scriptOf(engine, [FINISHED, ...PAUSED])).map((s) => [s.text, s] as const),
    );
    standIn.settings.script = callScript(segments, settings.turns);
    // A new process runs the call path's code for the first time as its first calls start, and
    // V8 compiles it then (20 cold calls: ~0.2 s more of the loop's CPU in their first second).
    // The goal is the load of 20 calls, so a few calls go first, unmeasured.
    const call = { base: server.url, fakeDir, apiKey: org.apiKey, engine, segments };
    await Promise.all(
      Array.from({ length: settings.warmup }, async (_, i) => {
        await wait(i * 100);
        return runCall({
          ...call,
          turns: 2,
          body: path.body,
          toolTurns: path.toolWhen !== undefined,
        });
      }),
    );
    const from = Date.now();
    // With a server profile, say when the calls started, to cut their seconds out of it.
    if (process.env.BENCH_CPU_PROFILE_DIR)
      writeFileSync(
        join(process.env.BENCH_CPU_PROFILE_DIR, 'calls-started-at'),
        `${from} ${readyAt}`,
      );
    const results: CallResult[] = await Promise.all(
      Array.from({ length: settings.calls }, async (_, i) => {
        // Staggered, as real calls are: turns do not all end in the same frame.
        await wait((i * 1000) / settings.calls);
        return runCall({
          ...call,
          turns: settings.turns,
          body: path.body,
          toolTurns: path.toolWhen !== undefined,
        });
      }),
    );
    const to = Date.now();
    const load = loadavg()[0]!;
    const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
    if (profileDir) {
      writeFileSync(join(profileDir, 'stop'), '');
      while (!existsSync(join(profileDir, 'done'))) await wait(200);
      writeFileSync(join(profileDir, 'elu.ndjson'), readFileSync(eluFile));
    }
    if (process.env.BENCH_LOGS) {
      const logs = server.logs().split('\n');
      console.log(logs.filter((l) => /recogni|Silero|final/i.test(l)).join('\n'));
    }
    await wait(500);
    const pacing = [
      ...server
        .logs()
        .matchAll(/(\d+) frames sent, latest ([\d.]+) ms behind schedule, (\d+) more than 40/g),
    ].map((m) => ({ frames: Number(m[1]), maxLate: Number(m[2]), over40: Number(m[3]) }));
    const windows = secondsOfLoop(readFileSync(eluFile, 'utf8'), from, to);
    const elu = windows.map((w) => w.elu);
    const cpu = windows.flatMap((w) => (w.cpu === null ? [] : [w.cpu]));
    // When the busiest second was, counted from the first call (a start-up burst, or steady load).
    const peakAtS = windows.reduce((a, b) => (b.elu > a.elu ? b : a), {
      second: NaN,
      elu: -1,
    }).second;
    return {
      path,
      results,
      pacing,
      elu: elu.length ? elu : [NaN],
      cpu: cpu.length ? cpu : [NaN],
      peakAtS,
      load,
    };
  } finally {
    await server.dispose();
  }
}

/**
 * Raises the concurrent calls on the fast path until p95 voice to voice passes 600 ms or false
 * cuts pass 5 %, each step on a fresh server, and prints the capacity: the last count within.
 */
async function findCapacity(
  path: Path,
  engine: ReturnType<typeof createSpeechEngine>,
  standIn: StandIn,
): Promise<void> {
  let capacity = 0;
  for (let calls = settings.calls; ; calls += settings.step) {
    settings.calls = calls;
    const row = await runPath(path, engine, standIn);
    const latencies = row.results.flatMap((r) => r.latencies);
    const paused = row.results.reduce((n, r) => n + r.pausedTurns, 0);
    const cuts = row.results.reduce((n, r) => n + r.falseCuts, 0) / Math.max(1, paused);
    const p95 = quantile(latencies, 0.95);
    console.log(
      `${calls} calls: v2v p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ` +
        `ms, max ${Math.max(...latencies).toFixed(0)} ms, false cuts ${(cuts * 100).toFixed(1)} %, ` +
        `load avg ${row.load.toFixed(2)}`,
    );
    if (p95 > CAPACITY_P95_MS || cuts > CAPACITY_CUTS) break;
    capacity = calls;
  }
  console.log(
    `\ncapacity: ${capacity} live calls per instance (p95 voice to voice <= ${CAPACITY_P95_MS} ms, ` +
      `false cuts <= ${CAPACITY_CUTS * 100} %), ${settings.hogs} busy processes beside the server`,
  );
}

/** The most media streams open at once, from each call's live interval. */
function mostLiveAtOnce(results: CallResult[]) {
  const edges = results.flatMap((r) => [
    { at: r.liveFrom, delta: 1 },
    { at: r.liveTo, delta: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let live = 0;
  let most = 0;
  for (const edge of edges) most = Math.max(most, (live += edge.delta));
  return most;
}

/**
 * Offers --calls to an instance admitting --admit (issue 32's 1.5× check): the calls let in at
 * once and those that waited for a slot are judged apart, so a queue that protects the live calls
 * shows as the same figures in both rows and as no more than --admit calls live at once.
 */
async function offerOverCapacity(
  path: Path,
  engine: ReturnType<typeof createSpeechEngine>,
  standIn: StandIn,
): Promise<void> {
  const row = await runPath(path, engine, standIn);
  // A call the queue held is one whose dial waited past the scheduler's first pass.
  const waited = (r: CallResult) => r.queuedMs > 1500;
  const groups = [
    { name: 'let in at once', results: row.results.filter((r) => !waited(r)) },
    { name: 'waited in the queue', results: row.results.filter(waited) },
    { name: 'all', results: row.results },
  ];
  console.log(
    `\n${settings.calls} calls offered to an instance admitting ${settings.admit}; ` +
      `${settings.hogs} busy processes beside the server; most live at once: ` +
      `${mostLiveAtOnce(row.results)}\n`,
  );
  console.log('calls | v2v p50 | v2v p95 | v2v max | false cuts | queued max | load avg');
  for (const group of groups) {
    if (!group.results.length) continue;
    const latencies = group.results.flatMap((r) => r.latencies);
    const paused = group.results.reduce((n, r) => n + r.pausedTurns, 0);
    const cuts = group.results.reduce((n, r) => n + r.falseCuts, 0);
    console.log(
      [
        `${group.name}: ${group.results.length}`,
        `${quantile(latencies, 0.5).toFixed(0)} ms`,
        `${quantile(latencies, 0.95).toFixed(0)} ms`,
        `${Math.max(...latencies).toFixed(0)} ms`,
        `${cuts} of ${paused}`,
        `${(Math.max(...group.results.map((r) => r.queuedMs)) / 1000).toFixed(1)} s`,
        row.load.toFixed(2),
      ].join(' | '),
    );
  }
}

/**
 * The customer's endpoint of the tool-turn path: answers every call after `delayMs`, as a
 * booking system looking something up would.
 */
async function startToolServer(delayMs: number) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      setTimeout(() => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ booking: 'Tuesday at 2 pm', confirmed: true }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    definition: {
      name: 'lookup_booking',
      description: 'Looks up the caller’s booking.',
      input_schema: { type: 'object', properties: {} },
      url: `http://127.0.0.1:${port}/tool`,
      method: 'POST',
      timeout_ms: 5000,
      speech: 'One moment.',
    },
    close: () => server.close(),
  };
}

/**
 * Issue 33's tool turn: the model's tool call → the filler's first frame (the turn's latency
 * minus the window and the model's first-token time), and the turn's own overhead after that:
 * filler → reply, minus the tool's delay and the model's second first-token time.
 */
function printToolTurns(row: Awaited<ReturnType<typeof runPath>>) {
  const toFiller = row.results.flatMap((r) => r.latencies).map((l) => l - row.path.designMs);
  const own = row.results
    .flatMap((r) => r.fillerToReply)
    .map((gap) => gap - settings.toolMs - settings.firstTokenMs);
  console.log(
    `\ntool turns (${toFiller.length}): tool call → filler's first frame p50 ` +
      `${quantile(toFiller, 0.5).toFixed(0)} ms, p95 ${quantile(toFiller, 0.95).toFixed(0)} ms ` +
      `(goal p95 <= 300 ms); the turn's own overhead (filler → reply, less the tool's ` +
      `${settings.toolMs} ms and the model's ${settings.firstTokenMs} ms) p50 ` +
      `${quantile(own, 0.5).toFixed(0)} ms, p95 ${quantile(own, 0.95).toFixed(0)} ms (goal p95 <= 50 ms)`,
  );
}

async function main() {
  const engine = createSpeechEngine();
  const standIn = await startStreamingStandIn({ apiKey: 'bench', finalDelayMs: settings.sttMs });
  const hogs = startCpuHogs(settings.hogs);
  const tool = settings.toolMs ? await startToolServer(settings.toolMs) : null;
  const fast = {
    env: { DEEPGRAM_API_KEY: 'bench', STT_STREAMING_URL: standIn.url },
    body: { end_of_turn: { min_ms: settings.minMs, max_ms: settings.maxMs } },
  };
  const paths: Path[] = [
    {
      name: `baseline: fixed ${settings.silenceMs} ms, whole-turn`,
      env: { END_OF_TURN_SILENCE_MS: String(settings.silenceMs), VOICE_ACTIVITY: 'energy' },
      body: {},
      designMs: settings.silenceMs + settings.sttMs + settings.firstTokenMs,
    },
    {
      name: `streaming + Silero VAD + adaptive ${settings.minMs}–${settings.maxMs} ms`,
      ...fast,
      // The final arrives inside the short window: only the window and the LLM are by design.
      designMs: Math.max(settings.minMs, settings.sttMs) + settings.firstTokenMs,
    },
    ...(tool
      ? [
          {
            name: `tool turn: the fast path, a tool of ${settings.toolMs} ms on each finished sentence`,
            // The tool's address is loopback over plain HTTP: allowed as in the tests.
            env: { ...fast.env, WEBHOOK_ALLOW_IPS: '127.0.0.1' },
            body: { ...fast.body, tools: [tool.definition] },
            // Up to the model's tool call: the window and its first-token time, as a reply's.
            designMs: Math.max(settings.minMs, settings.sttMs) + settings.firstTokenMs,
            toolWhen: { heard: 'works for me', tool: tool.definition.name },
          },
        ]
      : []),
  ];
  try {
    if (args['find-capacity']) return await findCapacity(paths[1]!, engine, standIn);
    if (settings.admit) return await offerOverCapacity(paths[1]!, engine, standIn);
    const rows = [];
    // BENCH_PATHS=fast (or baseline) runs one path alone, for profiling; the goals need both.
    const only = process.env.BENCH_PATHS;
    for (const path of paths) {
      const prefix = only === 'fast' ? 'streaming' : only === 'tool' ? 'tool turn' : only;
      if (!prefix || path.name.startsWith(prefix)) {
        rows.push(await runPath(path, engine, standIn));
      }
    }
    console.log(
      `\n${settings.calls} concurrent calls, ${settings.turns} turns each, after ${settings.warmup} ` +
        `warm-up calls; stand-ins: recognizer ` +
        `final ${settings.sttMs} ms after speech, LLM first token ${settings.firstTokenMs} ms; ` +
        `${settings.hogs} busy processes beside the server (--hog)\n`,
    );
    const header = [
      'path',
      'turns',
      'v2v p50',
      'v2v p95',
      'v2v max',
      'own p50',
      'own p95',
      'false cuts',
    ];
    header.push('client late p99', 'server late max', 'server > 40 ms');
    header.push('ELU mean', 'ELU p95', 'ELU max');
    header.push('ELU max at (s)', 'loop CPU mean', 'loop CPU max');
    console.log([...header, 'load avg'].join(' | '));
    for (const row of rows) {
      const latencies = row.results.flatMap((r) => r.latencies);
      const own = latencies.map((l) => l - row.path.designMs);
      const paused = row.results.reduce((n, r) => n + r.pausedTurns, 0);
      const cuts = row.results.reduce((n, r) => n + r.falseCuts, 0);
      const lateness = row.results.flatMap((r) => r.lateness);
      const frames = row.pacing.reduce((n, p) => n + p.frames, 0);
      console.log(
        [
          row.path.name,
          latencies.length,
          quantile(latencies, 0.5).toFixed(0),
          quantile(latencies, 0.95).toFixed(0),
          Math.max(...latencies).toFixed(0),
          quantile(own, 0.5).toFixed(0),
          quantile(own, 0.95).toFixed(0),
          `${cuts} of ${paused} (${((100 * cuts) / Math.max(1, paused)).toFixed(1)} %)`,
          quantile(lateness, 0.99).toFixed(1),
          Math.max(...row.pacing.map((p) => p.maxLate)).toFixed(1),
          `${row.pacing.reduce((n, p) => n + p.over40, 0)} of ${frames}`,
          mean(row.elu).toFixed(2),
          quantile(row.elu, 0.95).toFixed(2),
          Math.max(...row.elu).toFixed(2),
          row.peakAtS.toFixed(0),
          mean(row.cpu).toFixed(2),
          Math.max(...row.cpu).toFixed(2),
          row.load.toFixed(2),
        ].join(' | '),
      );
    }
    console.log(
      '\ngoals (fast path, 20 calls): v2v p50 <= 450 ms, p95 <= 600 ms; false cuts <= 5 % and ' +
        '<= baseline; own overhead p50 <= 50 ms, p95 <= 100 ms; no frame > 40 ms late; ELU < 0.7',
    );
    for (const row of rows) if (row.path.toolWhen) printToolTurns(row);
  } finally {
    tool?.close();
    hogs.stop();
    await engine.close();
    await standIn.close();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
