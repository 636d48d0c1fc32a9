import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BatchRunner, BatchResult } from './window-batch';

/** The worker script, from disk at run time (Next bundles route code; see the script's header). */
const WORKER_SCRIPT = join(process.cwd(), 'lib/adapters/vad/worker/vad-worker.mjs');

type Reply =
  | { id: number; ok: true; probabilities: Float32Array; next: Float32Array }
  | { id: number; ok: false; message: string };

interface Pending {
  resolve(result: BatchResult): void;
  reject(error: Error): void;
}

/**
 * Runs the model's batches in a worker thread that holds its own session. A worker that dies fails
 * the batches in flight (their calls fall back as on any VAD error) and is started again for the
 * next batch.
 */
export class ThreadRunner implements BatchRunner {
  private worker: Worker | null = null;
  private started: Promise<void> = Promise.resolve();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly modelPath: string,
    private readonly sampleRate: number,
  ) {}

  /** Starts the worker (loads the model there); resolves once it can judge windows. */
  start(): Promise<void> {
    if (this.worker) return this.started;
    // No inherited --import hooks: a preload meant for the server (a test's msw interceptors)
    // would otherwise run in the worker too.
    const worker = new Worker(WORKER_SCRIPT, {
      workerData: { modelPath: this.modelPath, sampleRate: this.sampleRate },
      execArgv: [],
    });
    this.worker = worker;
    // A live call's frames must not keep a finished process (a test, a benchmark) alive.
    worker.unref();
    this.started = new Promise((resolve, reject) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the VAD worker exited (code ${code})`)));
    });
    this.started.catch(() => {});
    worker.on('message', (message: Reply | { ready: true }) => {
      if (!('id' in message)) return;
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (message.ok) call.resolve({ probabilities: message.probabilities, next: message.next });
      else call.reject(new Error(message.message));
    });
    worker.on('error', (error) => console.error('VAD worker failed:', error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      for (const call of this.pending.values())
        call.reject(new Error(`the VAD worker exited (code ${code})`));
      this.pending.clear();
    });
    return this.started;
  }

  async run(
    input: Float32Array<ArrayBuffer>,
    state: Float32Array<ArrayBuffer>,
    n: number,
    width: number,
  ) {
    if (this.closed) throw new Error('the VAD worker is closed');
    await this.start();
    const worker = this.worker;
    if (!worker) throw new Error('the VAD worker stopped');
    const id = this.nextId++;
    return new Promise<BatchResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, n, width, input, state }, [input.buffer, state.buffer]);
    });
  }

  /** The worker's thread id, for tests that check where the model runs. */
  get threadId(): number | null {
    return this.worker?.threadId ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
    this.worker = null;
  }
}
