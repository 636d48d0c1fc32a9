import { and, gte, inArray, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { monthStart } from '../../platform/runtime/utc-month';

const l = schema.walletLedger;

/**
 * What calls and speech through each key cost so far in `now`'s calendar month (UTC), from the
 * ledger rows that name the key (charges less speech refunds), in micro-dollars.
 */
export async function keysMonthSpend(
  db: Executor,
  keyIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .select({ keyId: l.keyId, spent: sql<string>`coalesce(-sum(${l.amountMicros}), 0)` })
    .from(l)
    .where(
      and(
        inArray(l.keyId, keyIds),
        gte(l.createdAt, monthStart(now)),
        inArray(l.kind, ['call_charge', 'speech_charge', 'refund']),
      ),
    )
    .groupBy(l.keyId);
  return new Map(rows.map((row) => [row.keyId!, Math.max(Number(row.spent), 0)]));
}
