import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { SessionRunner } from './session-runner';
import { ThreadRunner } from './thread-runner';
import { STATE_SIZE, WindowBatch } from './window-batch';

// Silero VAD v5 at 8 kHz (phone audio as it arrives): 256-sample windows (32 ms) with the last
// 32 samples of the previous window in front, a [2,1,128] recurrent state, sr = 8000. (At 16 kHz
// it would be 512 + 64; the model takes both.)
export const WINDOW_SAMPLES = 256;
const CONTEXT_SAMPLES = 32;
const SAMPLE_RATE = 8_000;

/** The model ships in @ricky0123/vad-web's package; read from node_modules at run time. */
function modelPath(): string {
  const require = createRequire(join(process.cwd(), 'package.json'));
  const main = require.resolve('@ricky0123/vad-web');
  return join(dirname(main), 'silero_vad_v5.onnx');
}

/** Where the model runs: a worker thread of its own (the default), or the server's own thread. */
export type VadThread = 'worker' | 'main';

/** One loaded model, shared by every call (each stream keeps its own state). */
export class SileroVad {
  readonly description: string;
  private readonly batch: WindowBatch;

  private constructor(
    private readonly runner: SessionRunner | ThreadRunner,
    readonly thread: VadThread,
  ) {
    this.batch = new WindowBatch(runner);
    this.description =
      thread === 'worker'
        ? 'Silero VAD v5 (onnxruntime-node, in a worker thread)'
        : 'Silero VAD v5 (onnxruntime-node, on the main thread)';
  }

  static async load(path = modelPath(), options: { thread?: VadThread } = {}): Promise<SileroVad> {
    const thread = options.thread ?? 'worker';
    if (thread === 'worker') {
      const runner = new ThreadRunner(path, SAMPLE_RATE);
      await runner.start();
      return new SileroVad(runner, thread);
    }
    const session = await ort.InferenceSession.create(path, {
      // One thread per inference: calls run side by side, and the machine is shared.
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
    });
    return new SileroVad(new SessionRunner(session, SAMPLE_RATE), thread);
  }

  /** The worker's thread id while it runs (null on the main thread): where the model runs. */
  get workerThreadId(): number | null {
    return this.runner instanceof ThreadRunner ? this.runner.threadId : null;
  }

  /** Stops the worker thread, if any (tests and benchmarks; a server keeps it for its life). */
  async close(): Promise<void> {
    if (this.runner instanceof ThreadRunner) await this.runner.close();
  }

  /** Model runs and the windows they judged, across all streams. */
  get stats(): { runs: number; windows: number } {
    return { ...this.batch.stats };
  }

  /** A stream of speech probabilities for one call's audio. */
  stream(): VadStream {
    return new VadStream(this.batch);
  }
}

export class VadStream {
  private state: Float32Array = new Float32Array(2 * STATE_SIZE);
  private context = new Float32Array(CONTEXT_SAMPLES);
  /** Windows are judged in the order given: each needs the state the one before left. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly batch: WindowBatch) {}

  /** Probability (0–1) that one window of WINDOW_SAMPLES 8 kHz samples (−1…1) is speech. */
  probability(window: Float32Array): Promise<number> {
    const input = new Float32Array(CONTEXT_SAMPLES + WINDOW_SAMPLES);
    input.set(this.context, 0);
    input.set(window.subarray(0, WINDOW_SAMPLES), CONTEXT_SAMPLES);
    this.context = input.slice(-CONTEXT_SAMPLES);
    const judged = this.last
      .catch(() => undefined)
      .then(() => this.batch.judge(input, this.state))
      .then(({ probability, state }) => {
        this.state = state;
        return probability;
      });
    this.last = judged;
    return judged;
  }
}
