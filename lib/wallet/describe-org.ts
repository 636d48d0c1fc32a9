import type { Db } from '../adapters/db';
import { getOrgOrThrow, keyJson, listOrgKeys } from '../accounts';
import { microsToUsd } from '../platform/money';
import { effectiveLimits } from './limits/effective-limits';
import { isUnlocked } from './unlock';

/** What the admin API shows of an organization. */
export async function describeOrg(db: Db, orgId: string) {
  const org = await getOrgOrThrow(db, orgId);
  const keys = await listOrgKeys(db, orgId, new Date());
  return {
    org_id: org.id,
    name: org.name,
    created_at: org.createdAt.toISOString(),
    wallet: {
      balance_usd: microsToUsd(org.balanceMicros),
      deposits_usd: microsToUsd(org.depositsMicros),
      starting_credit_usd: microsToUsd(org.startingCreditMicros),
    },
    unlocked: isUnlocked(org),
    limits: effectiveLimits(org),
    limit_overrides: {
      concurrency: org.limitConcurrency,
      instant_clones: org.limitInstantClones,
      live_clones: org.limitLiveClones,
      concurrent_calls: org.limitConcurrentCalls,
    },
    webhook_signing_secret: org.webhookSecret,
    api_keys: keys.map(keyJson),
  };
}
