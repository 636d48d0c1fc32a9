// The job queue (pg-boss on our database): the only door to lib/composition/jobs.
import type { Database } from '../../adapters/db';
import { singleton } from '../../platform/runtime/singleton';
import { autoTopUpsJob } from './auto-top-ups-job';
import { deliverWebhooksJob } from './deliver-webhooks-job';
import { startJobQueue, type JobQueue, type JobQueueOptions } from './job-queue';
import { refundSpeechJob } from './refund-speech-job';
import { renewNumbersJob } from './renew-numbers-job';
import { runJobsNow } from './run-jobs-now';
import { startScheduledCallsJob } from './start-scheduled-calls-job';
import type { Job } from './types';

export type { Job, JobDefinition } from './types';
export type { JobQueue, JobQueueOptions } from './job-queue';
export { defineJob } from './define-job';
export {
  JOBS_SCHEMA,
  PGLITE_POLLING_INTERVAL_SECONDS,
  POLLING_INTERVAL_SECONDS,
  startJobQueue,
} from './job-queue';
export {
  autoTopUpsJob,
  deliverWebhooksJob,
  refundSpeechJob,
  renewNumbersJob,
  startScheduledCallsJob,
};

/** Everything that runs on the queue; each context's job is defined in a file of its own. */
export const backgroundJobs: readonly Job[] = [
  deliverWebhooksJob,
  autoTopUpsJob,
  refundSpeechJob,
  startScheduledCallsJob,
  renewNumbersJob,
];

// Shared by server.ts and Next's bundled copy of this module (route code may send jobs).
const state = () =>
  singleton('jobs', () => ({
    jobs: new Map<string, Job>(),
    starting: undefined as Promise<void> | undefined,
    queue: undefined as JobQueue | undefined,
  }));

/** Adds jobs to what this process runs (again by the same name: kept once). */
export function registerJobs(...jobs: readonly Job[]): void {
  for (const job of jobs) state().jobs.set(job.name, job);
}

/** Starts this process's workers for every registered job, on `database` (once). */
export function startJobs(database: Database, options?: JobQueueOptions): Promise<void> {
  const current = state();
  current.starting ??= startJobQueue(database, [...current.jobs.values()], options).then(
    (queue) => {
      current.queue = queue;
    },
  );
  return current.starting;
}

/** Stops this process's workers (after their start, if under way), letting running sweeps end. */
export async function stopJobs(): Promise<void> {
  const current = state();
  const starting = current.starting;
  current.starting = undefined;
  await starting?.catch(() => {});
  const queue = current.queue;
  current.queue = undefined;
  await queue?.stop();
}

/**
 * Sends a sweep of a registered job now (the regular ones come anyway); null where no queue
 * runs in this process (a cron host: its next call runs the sweep).
 */
export async function sendJob(name: string, data?: object): Promise<string | null> {
  if (!state().jobs.has(name)) throw new Error(`jobs: no job named ${name} is registered`);
  return (await state().queue?.send(name, data)) ?? null;
}

/** One round of every registered job's sweeps in this request (see runJobsNow). */
export function runRegisteredJobsNow(budgetMs: number): Promise<Record<string, number>> {
  return runJobsNow([...state().jobs.values()], budgetMs);
}
