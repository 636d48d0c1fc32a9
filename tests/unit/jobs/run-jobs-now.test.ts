import { describe, expect, it } from 'vitest';
import { defineJob } from '@/lib/composition/jobs';
import { runJobsNow } from '@/lib/composition/jobs/run-jobs-now';

/** A job whose sweeps take from a backlog of `items`, `batch` at a time. */
function backlogJob(name: string, items: number, batch: number) {
  const made: number[] = [];
  const state = { left: items, deps: made };
  const job = defineJob({
    name,
    everySeconds: 1,
    concurrency: 1,
    expireInSeconds: 60,
    batch,
    deps: async () => {
      made.push(made.length + 1);
      return state;
    },
    run: async (deps) => {
      const taken = Math.min(batch, deps.left);
      deps.left -= taken;
      return taken;
    },
  });
  return { job, state, made };
}

describe('running the jobs in a request (the cron route)', () => {
  it('sweeps each job until a sweep finds less than a full batch', async () => {
    const a = backlogJob('a', 20, 8);
    const b = backlogJob('b', 3, 8);
    expect(await runJobsNow([a.job, b.job], 10_000)).toEqual({ a: 20, b: 3 });
    expect(a.state.left).toBe(0);
    // The dependencies are built once per process, not once per sweep.
    expect(a.made).toEqual([1]);
  });

  it('stops at the budget, leaving the rest for the next call', async () => {
    let now = 0;
    const a = backlogJob('a', 100, 10);
    const slow = { ...a.job, sweep: async () => ((now += 400), a.job.sweep()) };
    expect(await runJobsNow([slow], 1_000, () => now)).toEqual({ a: 30 });
    expect(a.state.left).toBe(70);
  });

  it('builds the dependencies again after a failed try', async () => {
    let tries = 0;
    const job = defineJob({
      name: 'flaky',
      everySeconds: 1,
      concurrency: 1,
      expireInSeconds: 60,
      batch: 1,
      deps: async () => {
        tries += 1;
        if (tries === 1) throw new Error('database not ready');
        return 'ready';
      },
      run: async (deps) => (deps === 'ready' ? 0 : -1),
    });
    await expect(job.sweep()).rejects.toThrow('database not ready');
    expect(await job.sweep()).toBe(0);
    expect(await job.sweep()).toBe(0);
    expect(tries).toBe(2);
  });
});
