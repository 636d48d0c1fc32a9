import { deliverDueWebhooks } from '../call-webhooks/deliver-due-webhooks';
import { claimDueCalls } from './claim-due-calls';
import { playCallStep } from './play-call-step';
import type { CallDeps } from './types';

const BATCH = 8;

/** One pass over what is due: call steps and webhook deliveries. Returns how much ran. */
export async function runDueWork(deps: CallDeps): Promise<{ steps: number; deliveries: number }> {
  const calls = await claimDueCalls(deps.db, new Date(deps.clock.now()), BATCH);
  const [deliveries] = await Promise.all([
    deliverDueWebhooks(deps, BATCH),
    ...calls.map((call) => playCallStep(deps, call)),
  ]);
  return { steps: calls.length, deliveries };
}

/** Runs passes until nothing is due or the budget is spent (for the cron route). */
export async function runDueWorkFor(
  deps: CallDeps,
  budgetMs: number,
): Promise<{ steps: number; deliveries: number }> {
  const deadline = deps.clock.now() + budgetMs;
  const total = { steps: 0, deliveries: 0 };
  while (deps.clock.now() < deadline) {
    const done = await runDueWork(deps);
    total.steps += done.steps;
    total.deliveries += done.deliveries;
    if (done.steps + done.deliveries === 0) break;
  }
  return total;
}
