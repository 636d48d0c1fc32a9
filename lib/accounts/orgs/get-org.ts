import { eq } from 'drizzle-orm';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Db } from '../../adapters/db';
import { isUnlocked } from '../../wallet';
import { effectiveLimits } from './effective-limits';
import { keyJson } from './key-json';
import { listOrgKeys } from './list-org-keys';
import { microsToUsd } from '../../platform/money';

export type OrgRow = typeof schema.organizations.$inferSelect;

export async function getOrgOrThrow(db: Db, orgId: string): Promise<OrgRow> {
  const [org] = await db
    .select()
    .from(schema.organizations)
    .where(eq(schema.organizations.id, orgId));
  if (!org) throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
  return org;
}

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
