import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';

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

  private constructor(private readonly session: ort.InferenceSession) {}

  static async load(path = modelPath()): Promise<SileroVad> {
    const session = await ort.InferenceSession.create(path, {
      // One thread per inference: calls run side by side, and the machine is shared.
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
    });
    return new SileroVad(session);
  }

  /** A stream of speech probabilities for one call's audio. */
  stream(): VadStream {
    return new VadStream(this.session);
  }
}

export class VadStream {
  private state: ort.Tensor = new ort.Tensor('float32', new Float32Array(2 * 128), [2, 1, 128]);
  private readonly sr = new ort.Tensor('int64', BigInt64Array.from([SAMPLE_RATE]), []);
  private context = new Float32Array(CONTEXT_SAMPLES);

  constructor(private readonly session: ort.InferenceSession) {}

  /** Probability (0–1) that one window of WINDOW_SAMPLES 8 kHz samples (−1…1) is speech. */
  async probability(window: Float32Array): Promise<number> {
    const input = new Float32Array(CONTEXT_SAMPLES + WINDOW_SAMPLES);
    input.set(this.context, 0);
    input.set(window.subarray(0, WINDOW_SAMPLES), CONTEXT_SAMPLES);
    this.context = input.slice(-CONTEXT_SAMPLES);
    const out = await this.session.run({
      input: new ort.Tensor('float32', input, [1, input.length]),
      state: this.state,
      sr: this.sr,
    });
    this.state = out.stateN!;
    return (out.output!.data as Float32Array)[0]!;
  }
}
