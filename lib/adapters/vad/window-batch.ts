import * as ort from 'onnxruntime-node';

/** Silero's recurrent state per stream: [2, batch, 128]. */
export const STATE_SIZE = 128;

export interface Judged {
  probability: number;
  /** The stream's state after this window (2 × STATE_SIZE: both halves, in order). */
  state: Float32Array;
}

interface Waiting {
  input: Float32Array;
  state: Float32Array;
  resolve(judged: Judged): void;
  reject(error: unknown): void;
}

/**
 * Windows of every call that arrive in one turn of the event loop are judged in one run of the
 * model, a row each. A run's fixed cost is most of a 32 ms window's (≈ 160 µs alone against ≈ 40 µs
 * a row in a batch of 20, on one core here), and onnxruntime-node runs on the event loop, so at 20
 * calls this is the loop's largest share of the VAD. Nothing waits for a batch to fill: it runs
 * at the check phase, as a lone run did. The rows do not mix: batched answers equal lone ones.
 */
export class WindowBatch {
  private waiting: Waiting[] = [];
  private scheduled = false;
  /** Model runs so far and windows judged by them (for tests and the benchmark). */
  readonly stats = { runs: 0, windows: 0 };

  constructor(
    private readonly session: ort.InferenceSession,
    private readonly sr: ort.Tensor,
  ) {}

  /** One window (with its context samples in front) and its stream's state before it. */
  judge(input: Float32Array, state: Float32Array): Promise<Judged> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, state, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.run());
    });
  }

  private async run(): Promise<void> {
    const rows = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    const n = rows.length;
    const width = rows[0]!.input.length;
    const input = new Float32Array(n * width);
    const state = new Float32Array(2 * n * STATE_SIZE);
    rows.forEach((row, i) => {
      input.set(row.input, i * width);
      state.set(row.state.subarray(0, STATE_SIZE), i * STATE_SIZE);
      state.set(row.state.subarray(STATE_SIZE), (n + i) * STATE_SIZE);
    });
    this.stats.runs++;
    this.stats.windows += n;
    try {
      const out = await this.session.run({
        input: new ort.Tensor('float32', input, [n, width]),
        state: new ort.Tensor('float32', state, [2, n, STATE_SIZE]),
        sr: this.sr,
      });
      const probabilities = out.output!.data as Float32Array;
      const next = out.stateN!.data as Float32Array;
      rows.forEach((row, i) => {
        const own = new Float32Array(2 * STATE_SIZE);
        own.set(next.subarray(i * STATE_SIZE, (i + 1) * STATE_SIZE), 0);
        own.set(next.subarray((n + i) * STATE_SIZE, (n + i + 1) * STATE_SIZE), STATE_SIZE);
        row.resolve({ probability: probabilities[i]!, state: own });
      });
    } catch (error) {
      for (const row of rows) row.reject(error);
    }
  }
}
