// npm run bench:vad-batch — the Silero VAD's cost on the event loop at `--calls` concurrent calls
// that all speak at once (the VAD's worst case), windows judged one model run each (how calls
// were judged before) against the shared runs of SileroVad (lib/adapters/vad/window-batch.ts), rounds
// alternating. Frames of 20 ms arrive per call in real time, calls out of phase, as from the
// carrier; `--frame-work-us` adds busy work per frame, standing in for the rest of a call's work.
// A third mode runs the same shared runs in the VAD's worker thread (VAD_THREAD=worker, the
// default): its loop figure is the event loop's utilisation (ELU), since process CPU counts every
// thread. See bench/README.md ("The event-loop peak").
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import * as ort from 'onnxruntime-node';
import { SileroVad, WINDOW_SAMPLES } from '../lib/adapters/vad';
import { median, positiveInt } from './rounds';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'frame-work-us': { type: 'string', default: '0' },
  },
});
const calls = positiveInt('calls', args.calls);
const seconds = positiveInt('seconds', args.seconds);
const rounds = positiveInt('rounds', args.rounds);
const frameWorkUs = Number(args['frame-work-us']);

interface Judge {
  probability(window: Float32Array): Promise<number>;
}

/** One model run per window, on the shared session: the VAD as it was before batching. */
function loneStream(session: ort.InferenceSession): Judge {
  let state = new ort.Tensor('float32', new Float32Array(256), [2, 1, 128]);
  const sr = new ort.Tensor('int64', BigInt64Array.from([8_000n]), []);
  let context = new Float32Array(32);
  return {
    async probability(window) {
      const input = new Float32Array(32 + WINDOW_SAMPLES);
      input.set(context, 0);
      input.set(window, 32);
      context = input.slice(-32);
      const out = await session.run({
        input: new ort.Tensor('float32', input, [1, input.length]),
        state,
        sr,
      });
      state = out.stateN as typeof state;
      return (out.output!.data as Float32Array)[0]!;
    },
  };
}

const busy = (us: number) => {
  const until = performance.now() + us / 1000;
  while (performance.now() < until);
};

/** Feeds every call's frames for `seconds`; resolves with the loop's figures. */
async function measure(streams: Judge[]) {
  const latencies: number[] = [];
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    streams.map(
      (stream, c) =>
        new Promise<void>((done) => {
          const window = new Float32Array(WINDOW_SAMPLES);
          let filled = 0;
          let sent = 0;
          let chain: Promise<unknown> = Promise.resolve();
          const start = t0 + (c * 20) / streams.length;
          const tick = () => {
            // An absolute schedule per call, as the phone network's clock is.
            while (performance.now() - start >= sent * 20) {
              for (let i = 0; i < 160; i++) {
                const n = sent * 160 + i;
                window[filled++] = 0.3 * Math.sin(n / (3 + c)) * (((n * 7919) % 13) / 13);
                if (filled === WINDOW_SAMPLES) {
                  filled = 0;
                  const full = window.slice();
                  const at = performance.now();
                  // In order per call, as VadVoicing hands them over.
                  chain = chain
                    .then(() => stream.probability(full))
                    .then(() => latencies.push(performance.now() - at));
                }
              }
              busy(frameWorkUs);
              sent++;
            }
            if (performance.now() - t0 < seconds * 1000) setTimeout(tick, 5);
            else void chain.then(() => done());
          };
          tick();
        }),
    ),
  );
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  return {
    cpu: (cpu.user + cpu.system) / 1000 / wall,
    elu: performance.eventLoopUtilization(elu0).utilization,
    p50: latencies[Math.floor(latencies.length / 2)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
    windows: latencies.length,
  };
}

const MODES = ['lone', 'batched', 'thread'] as const;
type Mode = (typeof MODES)[number];

async function main() {
  const vad = await SileroVad.load(undefined, { thread: 'main' });
  const threaded = await SileroVad.load(undefined, { thread: 'worker' });
  // The same model file, a session of its own for the lone runs.
  const session = await ort.InferenceSession.create(
    (await import('node:module'))
      .createRequire(`${process.cwd()}/package.json`)
      .resolve('@ricky0123/vad-web')
      .replace(/[^/]+$/, 'silero_vad_v5.onnx'),
    { intraOpNumThreads: 1, interOpNumThreads: 1 },
  );
  const results: Record<Mode, Awaited<ReturnType<typeof measure>>[]> = {
    lone: [],
    batched: [],
    thread: [],
  };
  let perRun = 0;
  for (let round = 0; round < rounds; round++) {
    // Rotated, so no mode always runs first (warm caches) or last.
    const order = MODES.map((_, i) => MODES[(i + round) % MODES.length]!);
    for (const mode of order) {
      const model = mode === 'thread' ? threaded : vad;
      const before = model.stats;
      const streams = Array.from({ length: calls }, () =>
        mode === 'lone' ? loneStream(session) : model.stream(),
      );
      const r = await measure(streams);
      if (mode !== 'lone') {
        const after = model.stats;
        perRun = (after.windows - before.windows) / (after.runs - before.runs);
      }
      results[mode].push(r);
      console.log(
        `round ${round + 1} ${mode.padEnd(7)} proc CPU ${r.cpu.toFixed(3)}  ELU ${r.elu.toFixed(3)}  ` +
          `judged in p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms  (${r.windows} windows` +
          (mode !== 'lone' ? `, ${perRun.toFixed(1)} a run)` : ')'),
      );
    }
  }
  await threaded.close();
  const m = (mode: Mode, key: 'cpu' | 'elu' | 'p50' | 'p99') =>
    median(results[mode].map((r) => r[key]));
  console.log(`\n${calls} calls all speaking, ${seconds} s a round, medians of ${rounds} rounds:`);
  console.log('mode     proc CPU   ELU    judged p50 ms  p99 ms');
  for (const mode of MODES) {
    console.log(
      `${mode.padEnd(8)} ${m(mode, 'cpu').toFixed(3).padStart(8)} ${m(mode, 'elu').toFixed(3).padStart(6)}` +
        ` ${m(mode, 'p50').toFixed(2).padStart(14)} ${m(mode, 'p99').toFixed(2).padStart(7)}`,
    );
  }
  console.log(
    `ratio batched ÷ lone, loop CPU: ${(m('batched', 'cpu') / m('lone', 'cpu')).toFixed(2)}`,
  );
  console.log(
    `ratio thread ÷ batched, event-loop utilisation: ${(m('thread', 'elu') / m('batched', 'elu')).toFixed(2)}`,
  );
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
