import { eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';
import type { LedgerKind } from '../adapters/db/schema';
import { lockWallet } from './lock-wallet';

const orgs = schema.organizations;

/**
 * Money in (a paid top-up, an admin deposit, a won dispute), inside the caller's transaction:
 * one ledger row for it and, when the org owes, a second row repaying the debt first — the same
 * for every way money comes in. `countsTowardUnlock` adds it to the cumulative deposits behind
 * the $5 unlock (once: the ledger's kind+reference key refuses the same credit twice).
 */
export async function credit(
  tx: Executor,
  entry: {
    orgId: string;
    kind: LedgerKind;
    micros: number;
    reference: string;
    countsTowardUnlock: boolean;
    keyId?: string | null;
    now: Date;
  },
): Promise<{ balanceMicros: number; repaidMicros: number }> {
  const org = await lockWallet(tx, entry.orgId);
  const repaid = Math.min(entry.micros, org.owed);
  const balanceAfterCredit = org.balance + entry.micros;
  const rows: (typeof schema.walletLedger.$inferInsert)[] = [
    {
      orgId: entry.orgId,
      kind: entry.kind,
      amountMicros: entry.micros,
      balanceAfterMicros: balanceAfterCredit,
      reference: entry.reference,
      keyId: entry.keyId ?? null,
      createdAt: entry.now,
    },
  ];
  if (repaid > 0) {
    rows.push({
      orgId: entry.orgId,
      kind: 'debt_repayment',
      amountMicros: -repaid,
      balanceAfterMicros: balanceAfterCredit - repaid,
      reference: `${entry.kind}:${entry.reference}`,
      owedChangeMicros: -repaid,
      keyId: entry.keyId ?? null,
      createdAt: entry.now,
    });
  }
  // The ledger first: a replayed credit stops at its unique key before the balance moves.
  await tx.insert(schema.walletLedger).values(rows);
  await tx
    .update(orgs)
    .set({
      balanceMicros: balanceAfterCredit - repaid,
      owedMicros: org.owed - repaid,
      ...(entry.countsTowardUnlock
        ? { depositsMicros: sql`${orgs.depositsMicros} + ${entry.micros}` }
        : {}),
    })
    .where(eq(orgs.id, entry.orgId));
  return { balanceMicros: balanceAfterCredit - repaid, repaidMicros: repaid };
}
