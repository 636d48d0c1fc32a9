import { eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';

/** The balance as the ledger says it should be (for audits and tests). */
export async function ledgerBalance(db: Executor, orgId: string): Promise<number> {
  const l = schema.walletLedger;
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${l.amountMicros}), 0)` })
    .from(l)
    .where(eq(l.orgId, orgId));
  return Number(row?.sum ?? 0);
}
