import type { Db } from '../adapters/db';
import type { Clock } from '../platform/runtime/clock';
import { countSpeechSlots } from '../speech';
import type { Store } from '../adapters/store';
import { effectiveLimits, isUnlocked, UNLOCK_DEPOSITS_MICROS } from '../wallet';
import { getOrgOrThrow } from '../accounts';
import { microsToUsd } from '../platform/money';

/** What an organization may see of its own wallet and limits (no secrets, no keys). */
export async function getBalanceAndLimits(
  deps: { db: Db; store: Store; clock: Clock },
  orgId: string,
) {
  const org = await getOrgOrThrow(deps.db, orgId);
  const limits = effectiveLimits(org);
  return {
    balance_usd: microsToUsd(org.balanceMicros),
    deposits_usd: microsToUsd(org.depositsMicros),
    unlocked: isUnlocked(org),
    unlock_deposits_usd: microsToUsd(UNLOCK_DEPOSITS_MICROS),
    limits,
    speech_slots_in_use: await countSpeechSlots(deps, orgId),
  };
}
