import PgBoss from 'pg-boss';
import type { Database } from '../../adapters/db';
import type { Job } from './types';

/** pg-boss keeps its tables in a schema of their own, beside ours, in the same database. */
export const JOBS_SCHEMA = 'pgboss';
/**
 * How often each worker asks for a job on a server: pg-boss's floor (it refuses less than 0.5 s).
 * A job sent at a random moment to an idle worker started 57–571 ms later (median 349 ms).
 */
export const POLLING_INTERVAL_SECONDS = 0.5;
/**
 * Embedded, every poll runs on PGlite's one thread beside the requests' queries (an empty fetch
 * took 16 ms there on a loaded machine): half as often, as the sweeps come once a second anyway.
 */
export const PGLITE_POLLING_INTERVAL_SECONDS = 1;
/** A sweep that failed (the database went away) is tried again at the next slot instead. */
const RETRY_LIMIT = 2;

export interface JobQueueOptions {
  /** How often pg-boss fails jobs whose instance died (past their expiry) and retries them. */
  maintenanceIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
}

export interface JobQueue {
  readonly boss: PgBoss;
  /** Sends one sweep of `name` now (beside the regular ones); null when one was not made. */
  send(name: string, data?: object): Promise<string | null>;
  /** Stops taking jobs, waits for the running ones (up to `timeoutMs`), stops ticking. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * pg-boss over our own connection: with DATABASE_URL the pool's, embedded the PGlite worker's
 * (pg-boss 10 uses neither LISTEN nor session locks, only transaction-scoped advisory locks and
 * SKIP LOCKED, which PGlite has). Every instance works every job's queue and sends its sweeps;
 * one job per slot is made whoever sends it (pg-boss's throttling: a unique key per time slot).
 */
export async function startJobQueue(
  database: Database,
  jobs: readonly Job[],
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: JOBS_SCHEMA,
    // No cron here: sweeps come more often than pg-boss's one-minute schedules could send them.
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    // A sweep carries nothing worth keeping, and a few come every second: finished ones leave
    // the job table after 10 minutes and the archive after an hour (PGlite has no autovacuum).
    archiveCompletedAfterSeconds: 600,
    deleteAfterHours: 1,
  });
  boss.on('error', (error: Error) => console.error('jobs:', error.message));
  await boss.start();
  const timers: NodeJS.Timeout[] = [];
  const polling =
    options.pollingIntervalSeconds ??
    (database.kind === 'pglite' ? PGLITE_POLLING_INTERVAL_SECONDS : POLLING_INTERVAL_SECONDS);
  const send = (name: string, data: object = {}) => boss.send(name, data);
  for (const job of jobs) {
    const settings = {
      name: job.name,
      policy: 'standard' as const,
      expireInSeconds: job.expireInSeconds,
      retryLimit: RETRY_LIMIT,
      retryDelay: 0,
    };
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, settings);
    else
      await boss.createQueue(job.name, settings).catch(async (error: unknown) => {
        // Another instance starting at the same moment made it first.
        if (!(await boss.getQueue(job.name))) throw error;
      });
    const work = async ([sent]: PgBoss.Job<object>[]) => {
      const done = await job.sweep(sent?.data as Readonly<Record<string, unknown>> | undefined);
      // A full sweep leaves more behind: the next one now, not at the next slot.
      if (done >= job.batch) await send(job.name);
    };
    for (let i = 0; i < job.concurrency; i++)
      await boss.work(job.name, { pollingIntervalSeconds: polling }, work);
    const tick = () =>
      boss
        .sendThrottled(job.name, {}, {}, job.everySeconds, 'tick')
        .catch((error: unknown) => console.error(`jobs: ${job.name}:`, (error as Error).message));
    void tick();
    // Once a slot from each instance: a late timer may leave one out, and the next comes.
    const timer = setInterval(tick, job.everySeconds * 1000);
    timer.unref();
    timers.push(timer);
  }
  return {
    boss,
    send,
    stop: async (timeoutMs = 30_000) => {
      for (const timer of timers) clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
