import { chargeAutoTopUp } from './charge-auto-top-up';
import { claimAutoTopUps } from './claim-auto-top-ups';
import { sendLowBalanceMail } from './send-low-balance-mail';
import {
  claimOverdueAutoTopUps,
  failUnansweredAutoTopUps,
  settleOverdueAutoTopUp,
} from './settle-overdue-auto-top-ups';
import type { AutoTopUpDeps } from './types';

/**
 * The scheduler's billing pass: low-balance mail for the crossings since the last pass, accepted
 * charges whose webhook is overdue (the provider is asked), charges that never got an answer
 * within the same wait (failed), then the recharges due, claimed in the database and started
 * without waiting (one per org at most).
 */
export async function startDueAutoTopUps(
  deps: AutoTopUpDeps,
  limit: number,
): Promise<{ started: number; mailed: number; running: Promise<void>[] }> {
  const now = new Date(deps.clock.now());
  const mailed = await sendLowBalanceMail(deps);
  const overdue = await claimOverdueAutoTopUps(deps.db, now, deps.webhookWaitMs, limit);
  const unanswered = await failUnansweredAutoTopUps(deps, now, limit);
  const attempts = await claimAutoTopUps(deps.db, now, deps.webhookWaitMs, limit);
  return {
    started: overdue.length + unanswered + attempts.length,
    mailed,
    running: [
      ...overdue.map((attempt) => settleOverdueAutoTopUp(deps, attempt)),
      ...attempts.map((attempt) => chargeAutoTopUp(deps, attempt)),
    ],
  };
}
