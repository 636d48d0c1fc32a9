import { and, desc, eq, isNull } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { keysMonthSpend } from './key-month-spend';
import { spendMonth } from '../../platform/runtime/utc-month';

export interface OrgKey {
  keyId: string;
  prefix: string;
  name: string | null;
  /** NULL: full access (a key made before scopes existed). */
  scopes: string[] | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  previousExpiresAt: Date | null;
  agentClientName: string | null;
  spendCapMicros: number | null;
  /**
   * This calendar month's spend (UTC), micro-dollars: for a capped key what counts toward its
   * cap (calls in progress hold their longest cost), for another key its charges in the ledger.
   */
  monthSpentMicros: number;
}

/** The organization's live (unrevoked) keys, newest first; secrets are never kept, never shown. */
export async function listOrgKeys(db: Db, orgId: string, now: Date): Promise<OrgKey[]> {
  const rows = await db
    .select({
      keyId: schema.apiKeys.id,
      prefix: schema.apiKeys.prefix,
      name: schema.apiKeys.name,
      scopes: schema.apiKeys.scopes,
      createdAt: schema.apiKeys.createdAt,
      expiresAt: schema.apiKeys.expiresAt,
      lastUsedAt: schema.apiKeys.lastUsedAt,
      lastUsedIp: schema.apiKeys.lastUsedIp,
      previousExpiresAt: schema.apiKeys.previousExpiresAt,
      agentClientName: schema.apiKeys.agentClientName,
      spendCapMicros: schema.apiKeys.spendCapMicros,
      spendMonth: schema.apiKeys.spendMonth,
      capCounted: schema.apiKeys.monthSpentMicros,
    })
    .from(schema.apiKeys)
    .where(and(eq(schema.apiKeys.orgId, orgId), isNull(schema.apiKeys.revokedAt)))
    .orderBy(desc(schema.apiKeys.createdAt), desc(schema.apiKeys.id));
  const month = spendMonth(now);
  const ledgerSpend = await keysMonthSpend(
    db,
    rows.filter((row) => row.spendCapMicros === null).map((row) => row.keyId),
    now,
  );
  return rows.map(({ spendMonth: counted, capCounted, ...key }) => ({
    ...key,
    monthSpentMicros:
      key.spendCapMicros === null
        ? (ledgerSpend.get(key.keyId) ?? 0)
        : counted === month
          ? capCounted
          : 0,
  }));
}
