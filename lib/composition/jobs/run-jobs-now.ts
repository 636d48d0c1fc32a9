import type { Job } from './types';

/**
 * Sweeps each job in this request until nothing of it is due or the budget is spent: for hosts
 * without a long-lived process, where no worker polls the queue (`/internal/cron/calls`). Safe
 * beside running workers: every sweep claims its items in the database. Returns what each ran.
 */
export async function runJobsNow(
  jobs: readonly Job[],
  budgetMs: number,
  now: () => number = () => performance.now(),
): Promise<Record<string, number>> {
  const deadline = now() + budgetMs;
  const done: Record<string, number> = {};
  for (const job of jobs) {
    let total = 0;
    while (now() < deadline) {
      const ran = await job.sweep();
      total += ran;
      if (ran < job.batch) break;
    }
    done[job.name] = total;
  }
  return done;
}
