import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The worker script, from disk at run time (Next bundles route code; see the script's header). */
const WORKER_SCRIPT = join(process.cwd(), 'lib/adapters/db/pglite-worker/pglite-worker.mjs');

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string } & Record<string, unknown> };

/** What drizzle's PGlite driver calls on a transaction's client. */
export interface PgliteThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

/**
 * A PGlite database in a worker thread, with the part of PGlite's interface drizzle's PGlite
 * driver uses (`query`, `transaction`) plus `exec` and `close`. PGlite runs one statement or one
 * transaction at a time; the worker keeps that: a statement sent outside an open transaction
 * waits for it, as it would in process. Only drizzle's type parsers cross the thread, and they
 * are identities (dates stay text for drizzle to map), so the worker applies the same by type id.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private readonly started: Promise<void>;
  private nextId = 1;
  private nextTransaction = 1;

  /** `from`: the path of a data directory's tarball to load instead of running initdb. */
  constructor(dataDir: string | undefined, from?: string) {
    // No inherited --import hooks: a preload meant for the server (a test's msw interceptors)
    // would otherwise run here too and intercept PGlite's own loading of its files.
    this.worker = new Worker(WORKER_SCRIPT, { workerData: { dataDir, from }, execArgv: [] });
    this.started = new Promise((resolve, reject) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        this.worker.off('message', onReady);
        resolve();
      };
      this.worker.on('message', onReady);
      this.worker.once('error', reject);
    });
    // Awaited by every call; this only keeps a failed start from being an unhandled rejection.
    this.started.catch(() => {});
    this.worker.on('message', (message: Reply | { ready: true }) => {
      if (!('id' in message)) return;
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (message.ok) call.resolve(message.result);
      else call.reject(Object.assign(new Error(message.error.message), message.error));
    });
    // A dead worker fails everything in flight instead of leaving it waiting forever.
    this.worker.on('exit', (code) => {
      for (const call of this.pending.values()) {
        call.reject(new Error(`the PGlite worker exited (code ${code})`));
      }
      this.pending.clear();
    });
  }

  private async call<T>(message: Record<string, unknown>): Promise<T> {
    await this.started;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private send(sql: string, params: unknown[], options: QueryOptions, tx?: number) {
    return this.call<QueryResult>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      rawTypes: options.parsers ? Object.keys(options.parsers).map(Number) : [],
      tx,
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.send(sql, params, options);
  }

  async exec(sql: string): Promise<void> {
    await this.call({ op: 'exec', sql });
  }

  async transaction<T>(run: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.nextTransaction++;
    await this.call({ op: 'begin', tx });
    let result: T;
    try {
      result = await run({
        query: (sql, params = [], options = {}) => this.send(sql, params, options, tx),
      });
    } catch (error) {
      await this.call({ op: 'rollback', tx }).catch(() => {});
      throw error;
    }
    await this.call({ op: 'commit', tx });
    return result;
  }

  async close(): Promise<void> {
    await this.call({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}
