import * as ort from 'onnxruntime-node';
import { STATE_SIZE, type BatchResult, type BatchRunner } from './window-batch';

/** Runs the model's batches in this thread (the benchmark's baseline; VAD_THREAD=main). */
export class SessionRunner implements BatchRunner {
  private readonly sr: ort.Tensor;

  constructor(
    private readonly session: ort.InferenceSession,
    sampleRate: number,
  ) {
    this.sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(sampleRate)]), []);
  }

  async run(
    input: Float32Array<ArrayBuffer>,
    state: Float32Array<ArrayBuffer>,
    n: number,
    width: number,
  ) {
    const out = await this.session.run({
      input: new ort.Tensor('float32', input, [n, width]),
      state: new ort.Tensor('float32', state, [2, n, STATE_SIZE]),
      sr: this.sr,
    });
    return {
      probabilities: out.output!.data as Float32Array,
      next: out.stateN!.data as Float32Array,
    } satisfies BatchResult;
  }
}
