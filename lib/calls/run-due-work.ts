import { deliverDueWebhooks } from '../call-webhooks/deliver-due-webhooks';
import { refundAbandonedSpeech } from '../tts/refund-abandoned-speech';
import { claimDueCalls } from './claim-due-calls';
import { playCallStep } from './play-call-step';
import type { CallDeps } from './types';

const BATCH = 8;

export interface DueWork {
  steps: number;
  deliveries: number;
  /** Speech reservations whose holder died, refunded. */
  refunds: number;
}

/**
 * One pass over what is due: call steps, webhook deliveries and abandoned speech reservations.
 * Returns how much ran.
 */
export async function runDueWork(deps: CallDeps): Promise<DueWork> {
  const now = new Date(deps.clock.now());
  const calls = await claimDueCalls(deps.db, now, BATCH);
  const [deliveries, refunds] = await Promise.all([
    deliverDueWebhooks(deps, BATCH),
    refundAbandonedSpeech(deps.db, now, BATCH),
    ...calls.map((call) => playCallStep(deps, call)),
  ]);
  return { steps: calls.length, deliveries, refunds };
}

/** Runs passes until nothing is due or the budget is spent (for the cron route). */
export async function runDueWorkFor(deps: CallDeps, budgetMs: number): Promise<DueWork> {
  const deadline = deps.clock.now() + budgetMs;
  const total = { steps: 0, deliveries: 0, refunds: 0 };
  while (deps.clock.now() < deadline) {
    const done = await runDueWork(deps);
    total.steps += done.steps;
    total.deliveries += done.deliveries;
    total.refunds += done.refunds;
    if (done.steps + done.deliveries + done.refunds === 0) break;
  }
  return total;
}
