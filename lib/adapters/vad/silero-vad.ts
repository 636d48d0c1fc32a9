import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { STATE_SIZE, WindowBatch } from './window-batch';

// Silero VAD v5 at 8 kHz (phone audio as it arrives): 256-sample windows (32 ms) with the last
// 32 samples of the previous window in front, a [2,1,128] recurrent state, sr = 8000. (At 16 kHz
// it would be 512 + 64; the model takes both.)
export const WINDOW_SAMPLES = 256;
const CONTEXT_SAMPLES = 32;
const SAMPLE_RATE = 8_000n;

/** The model ships in @ricky0123/vad-web's package; read from node_modules at run time. */
function modelPath(): string {
  const require = createRequire(join(process.cwd(), 'package.json'));
  const main = require.resolve('@ricky0123/vad-web');
  return join(dirname(main), 'silero_vad_v5.onnx');
}

/** One loaded model, shared by every call (each stream keeps its own state). */
export class SileroVad {
  readonly description = 'Silero VAD v5 (onnxruntime-node, in process)';
  private readonly batch: WindowBatch;

  private constructor(session: ort.InferenceSession) {
    this.batch = new WindowBatch(
      session,
      new ort.Tensor('int64', BigInt64Array.from([SAMPLE_RATE]), []),
    );
  }

  static async load(path = modelPath()): Promise<SileroVad> {
    const session = await ort.InferenceSession.create(path, {
      // One thread per inference: calls run side by side, and the machine is shared.
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
    });
    return new SileroVad(session);
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
