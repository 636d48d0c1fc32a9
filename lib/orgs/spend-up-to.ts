import { eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '../db';
import type { LedgerKind } from '../db/schema';

/**
 * Takes `micros` from the wallet, or what is left of it when less, inside the caller's
 * transaction, with its ledger row. The wallet never goes negative (a CHECK in the database);
 * the ledger's kind+reference key makes a second charge for the same thing impossible.
 * Returns what was actually taken.
 */
export async function spendUpTo(
  tx: Executor,
  entry: {
    orgId: string;
    kind: LedgerKind;
    micros: number;
    reference: string;
    /** The API key whose request caused the charge (a call's), or NULL. */
    keyId: string | null;
    now: Date;
  },
): Promise<number> {
  if (entry.micros <= 0) return 0;
  const [before] = await tx
    .select({ balance: schema.organizations.balanceMicros })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, entry.orgId))
    .for('update');
  const taken = Math.min(entry.micros, before?.balance ?? 0);
  if (taken <= 0) return 0;
  const [after] = await tx
    .update(schema.organizations)
    .set({ balanceMicros: sql`${schema.organizations.balanceMicros} - ${taken}` })
    .where(eq(schema.organizations.id, entry.orgId))
    .returning({ balance: schema.organizations.balanceMicros });
  await tx.insert(schema.walletLedger).values({
    orgId: entry.orgId,
    kind: entry.kind,
    amountMicros: -taken,
    balanceAfterMicros: after!.balance,
    reference: entry.reference,
    keyId: entry.keyId,
    createdAt: entry.now,
  });
  return taken;
}
