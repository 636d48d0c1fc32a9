import { claimDueCalls } from './claim-due-calls';
import { playCallStep } from './lifecycle/call-step';
import type { CallDeps } from './types';

const BATCH = 8;

export interface DueWork {
  steps: number;
}

/** One claimed call step, already running. */
export interface RunningItem {
  callId: string;
  /** The step dials a queued call: a live call starting on this instance. */
  dials: boolean;
  done: Promise<void>;
}

/**
 * Claims the call steps that are due (up to `limit`, none of the `busy` calls) and starts them
 * without waiting for them: one slow upstream (a model that hangs) then holds up only its own
 * call. A claim that fails (the database went away) is returned as `error`. Webhook deliveries,
 * auto top-ups and speech refunds are not here: they run on the job queue (lib/composition/jobs).
 */
export async function startDueWork(
  deps: CallDeps,
  options: { limit?: number; busy?: readonly string[]; newCalls?: number } = {},
): Promise<DueWork & { running: RunningItem[]; error?: unknown }> {
  try {
    const now = new Date(deps.clock.now());
    const calls = await claimDueCalls(
      deps.db,
      now,
      options.limit ?? BATCH,
      options.busy,
      options.newCalls,
    );
    return {
      steps: calls.length,
      running: calls.map((call) => ({
        callId: call.id,
        dials: call.queueStatus === 'queued',
        done: playCallStep(deps, call),
      })),
    };
  } catch (error) {
    return { steps: 0, running: [], error };
  }
}

/** One pass over the call steps that are due, waiting for all of them. Returns how many ran. */
export async function runDueWork(deps: CallDeps): Promise<DueWork> {
  const { running, error, ...done } = await startDueWork(deps);
  await Promise.all(running.map((item) => item.done));
  if (error) throw error;
  return done;
}

/** Runs passes until nothing is due or the budget is spent (for the cron route). */
export async function runDueWorkFor(deps: CallDeps, budgetMs: number): Promise<DueWork> {
  const deadline = deps.clock.now() + budgetMs;
  let steps = 0;
  while (deps.clock.now() < deadline) {
    const done = await runDueWork(deps);
    steps += done.steps;
    if (done.steps === 0) break;
  }
  return { steps };
}
