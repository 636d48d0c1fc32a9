import { eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { effectiveLimits } from '../limits/effective-limits';
import { microsToUsd } from '../../platform/money';

/** What the top-up pages show: the top-up, and the wallet and limits it led to. */
export async function getTopUpView(db: Db, topUpId: string) {
  const [row] = await db
    .select({ topUp: schema.topUps, org: schema.organizations })
    .from(schema.topUps)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.topUps.orgId))
    .where(eq(schema.topUps.id, topUpId));
  if (!row) return null;
  return {
    id: row.topUp.id,
    provider: row.topUp.provider,
    status: row.topUp.status,
    amountUsd: microsToUsd(row.topUp.amountMicros),
    orgId: row.org.id,
    orgName: row.org.name,
    balanceUsd: microsToUsd(row.org.balanceMicros),
    owedUsd: microsToUsd(row.org.owedMicros),
    limits: effectiveLimits(row.org),
  };
}
