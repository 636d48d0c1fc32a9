/** Silero's recurrent state per stream: [2, batch, 128]. */
export const STATE_SIZE = 128;

export interface Judged {
  probability: number;
  /** The stream's state after this window (2 × STATE_SIZE: both halves, in order). */
  state: Float32Array;
}

/** One run of the model over `n` rows: a probability and the next state of each. */
export interface BatchResult {
  probabilities: Float32Array;
  /** [2, n, STATE_SIZE], as the model answers it. */
  next: Float32Array;
}

/** Where the model runs: in this thread (session-runner.ts) or a worker's (thread-runner.ts). */
export interface BatchRunner {
  /** `input` is [n, width], `state` [2, n, STATE_SIZE]; both may be transferred (not reused). */
  run(
    input: Float32Array<ArrayBuffer>,
    state: Float32Array<ArrayBuffer>,
    n: number,
    width: number,
  ): Promise<BatchResult>;
}

interface Waiting {
  input: Float32Array;
  state: Float32Array;
  resolve(judged: Judged): void;
  reject(error: unknown): void;
}

/**
 * Windows of every call are judged together, a row each: a run's fixed cost is most of a 32 ms
 * window's (≈ 160 µs alone against ≈ 40 µs a row in a batch of 20, on one core here). Nothing
 * waits for a batch to fill: windows that arrive in one turn of the event loop go at the check
 * phase, and those that arrive while a run is under way go in the next run as soon as it ends.
 * The rows do not mix: batched answers equal lone ones.
 */
export class WindowBatch {
  private waiting: Waiting[] = [];
  private scheduled = false;
  private running = false;
  /** Model runs so far and windows judged by them (for tests and the benchmark). */
  readonly stats = { runs: 0, windows: 0 };

  constructor(private readonly runner: BatchRunner) {}

  /** One window (with its context samples in front) and its stream's state before it. */
  judge(input: Float32Array, state: Float32Array): Promise<Judged> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, state, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => void this.run());
  }

  private async run(): Promise<void> {
    this.scheduled = false;
    const rows = this.waiting;
    this.waiting = [];
    this.running = true;
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
      const { probabilities, next } = await this.runner.run(input, state, n, width);
      rows.forEach((row, i) => {
        const own = new Float32Array(2 * STATE_SIZE);
        own.set(next.subarray(i * STATE_SIZE, (i + 1) * STATE_SIZE), 0);
        own.set(next.subarray((n + i) * STATE_SIZE, (n + i + 1) * STATE_SIZE), STATE_SIZE);
        row.resolve({ probability: probabilities[i]!, state: own });
      });
    } catch (error) {
      for (const row of rows) row.reject(error);
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}
