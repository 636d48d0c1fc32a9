import { Worker } from 'node:worker_threads';

/** What the espeak worker answers (lib/adapters/speech-engine/worker/espeak-worker.mjs). */
export type WorkerReply =
  | { type: 'audio'; id: number; pcm: ArrayBuffer }
  | { type: 'voices'; id: number; voices: RawVoice[] }
  | { type: 'error'; id: number; message: string };

export type WorkerRequest =
  | {
      type: 'synthesize';
      text: string;
      voice: string;
      rate: number;
      /** eSpeak-NG pitch 0–100; absent → 50. */
      pitch?: number;
      sampleRate: number;
    }
  | { type: 'voices' };

export interface RawVoice {
  identifier: string;
  name: string;
  language: string;
}

type SuccessReply = Exclude<WorkerReply, { type: 'error' }>;

interface Job {
  id: number;
  lane: string;
  request: WorkerRequest;
  resolve: (reply: SuccessReply) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  /** Bumped (and notified) after every post: a worker that blocks in Atomics.wait wakes to read it. */
  wake: Int32Array;
  ready: boolean;
  /** Settles when the worker says it is ready, or fails when it stops before that. */
  started: Promise<void>;
  settleStart: (error?: Error) => void;
  job?: Job;
  /** The last uncaught error inside the worker, for the message of the job it kills. */
  lastError?: Error;
}

export interface WorkerPoolOptions {
  /** Absolute path of the worker script (a plain .mjs, never bundled). */
  script: string;
  size: number;
}

/**
 * Worker threads that each keep one warm synthesizer instance. Jobs wait in lanes (one per synthesis
 * request) served round-robin, so a long text cannot starve a short one. Workers start on first
 * use; a worker that dies fails its job with an Error and is replaced on demand.
 */
export class WorkerPool {
  private readonly slots = new Set<Slot>();
  /** Insertion order is the round-robin order; a served lane moves to the back. */
  private readonly lanes = new Map<string, Job[]>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  get size(): number {
    return this.options.size;
  }

  /** Workers alive now (started or starting); for tests and logs. */
  get liveWorkers(): number {
    return this.slots.size;
  }

  /**
   * Starts every worker now and resolves once all are ready (a worker compiles eSpeak's
   * WebAssembly as it starts): for a process that would rather pay that before its first request.
   */
  async start(): Promise<void> {
    while (this.slots.size < this.options.size) this.spawn();
    await Promise.all([...this.slots].map((slot) => slot.started));
  }

  run(lane: string, request: WorkerRequest): Promise<SuccessReply> {
    if (this.closed) return Promise.reject(new Error('The speech engine is closed'));
    return new Promise<SuccessReply>((resolve, reject) => {
      const job: Job = { id: this.nextId++, lane, request, resolve, reject };
      const queue = this.lanes.get(lane);
      if (queue) queue.push(job);
      else this.lanes.set(lane, [job]);
      this.dispatch();
    });
  }

  /** Drops a lane's queued jobs (rejecting them with `reason`); a job already running finishes unseen. */
  cancelLane(lane: string, reason: unknown = new Error('Cancelled')): void {
    const queue = this.lanes.get(lane);
    if (!queue) return;
    this.lanes.delete(lane);
    for (const job of queue) job.reject(reason);
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('The speech engine is closed');
    for (const lane of [...this.lanes.keys()]) this.cancelLane(lane, error);
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots) {
      slot.job?.reject(error);
      slot.settleStart(error);
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private queuedCount(): number {
    let count = 0;
    for (const queue of this.lanes.values()) count += queue.length;
    return count;
  }

  private takeNextJob(): Job | undefined {
    for (const [lane, queue] of this.lanes) {
      const job = queue.shift();
      this.lanes.delete(lane);
      if (queue.length > 0) this.lanes.set(lane, queue);
      if (job) return job;
    }
    return undefined;
  }

  private dispatch(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      const job = this.takeNextJob();
      if (!job) break;
      slot.job = job;
      // Held while busy so a pending job keeps the process alive; idle workers never do.
      slot.worker.ref();
      slot.worker.postMessage({ ...job.request, id: job.id });
      Atomics.add(slot.wake, 0, 1);
      Atomics.notify(slot.wake, 0);
    }
    const starting = [...this.slots].filter((slot) => !slot.ready).length;
    let wanted = this.queuedCount() - starting;
    while (wanted > 0 && this.slots.size < this.options.size) {
      this.spawn();
      wanted -= 1;
    }
  }

  private spawn(): void {
    const wake = new Int32Array(new SharedArrayBuffer(4));
    // No inherited --import hooks (tsx, a test's preloads): the script is plain .mjs.
    const worker = new Worker(this.options.script, { execArgv: [], workerData: { wake } });
    let settleStart: Slot['settleStart'] = () => undefined;
    const started = new Promise<void>((resolve, reject) => {
      settleStart = (error) => (error ? reject(error) : resolve());
    });
    // Only start() waits for it; jobs learn of a worker that died starting from onExit.
    started.catch(() => undefined);
    const slot: Slot = { worker, wake, ready: false, started, settleStart };
    this.slots.add(slot);
    worker.on('message', (reply: WorkerReply | { type: 'ready' }) => this.onMessage(slot, reply));
    worker.on('error', (error) => {
      slot.lastError = error;
    });
    worker.on('exit', (code) => this.onExit(slot, code));
  }

  private onMessage(slot: Slot, reply: WorkerReply | { type: 'ready' }): void {
    if (reply.type === 'ready') {
      slot.ready = true;
      slot.settleStart();
    } else {
      const job = slot.job;
      if (job && job.id === reply.id) {
        slot.job = undefined;
        if (reply.type === 'error') job.reject(new Error(reply.message));
        else job.resolve(reply);
      }
    }
    if (!slot.job) slot.worker.unref();
    this.dispatch();
  }

  private onExit(slot: Slot, code: number): void {
    if (!this.slots.delete(slot)) return; // closed on purpose
    const cause = slot.lastError ? `: ${slot.lastError.message}` : '';
    const error = new Error(`A speech worker stopped (exit code ${code})${cause}`, {
      cause: slot.lastError,
    });
    slot.job?.reject(error);
    if (!slot.ready) {
      slot.settleStart(new Error(`A speech worker stopped while starting (exit code ${code})`));
      // It died while starting (a missing file, a broken install): every later start would fail
      // the same way, so fail the waiting jobs now rather than respawn in a loop.
      for (const lane of [...this.lanes.keys()]) this.cancelLane(lane, error);
      return;
    }
    this.dispatch();
  }
}
