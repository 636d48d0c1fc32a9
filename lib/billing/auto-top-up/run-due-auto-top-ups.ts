import { chargeAutoTopUp } from './charge-auto-top-up';
import { claimAutoTopUps } from './claim-auto-top-ups';
import { sendLowBalanceMail } from './send-low-balance-mail';
import type { AutoTopUpDeps } from './types';

/**
 * The scheduler's billing pass: low-balance mail for the crossings since the last pass, then the
 * recharges due, claimed in the database and started without waiting (one per org at most).
 */
export async function startDueAutoTopUps(
  deps: AutoTopUpDeps,
  limit: number,
): Promise<{ started: number; mailed: number; running: Promise<void>[] }> {
  const now = new Date(deps.clock.now());
  const mailed = await sendLowBalanceMail(deps);
  const attempts = await claimAutoTopUps(deps.db, now, limit);
  return {
    started: attempts.length,
    mailed,
    running: attempts.map((attempt) => chargeAutoTopUp(deps, attempt)),
  };
}
