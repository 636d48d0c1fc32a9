import { eq, sql } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import { schema, type Tx } from '../db';
import type { LedgerKind } from '../db/schema';

const orgs = schema.organizations;

async function lockOrg(tx: Tx, orgId: string) {
  const [org] = await tx
    .select({ balance: orgs.balanceMicros, owed: orgs.owedMicros })
    .from(orgs)
    .where(eq(orgs.id, orgId))
    .for('update');
  if (!org) throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
  return org;
}

/**
 * Money in (a paid top-up, a won dispute), inside the caller's transaction: one ledger row for
 * it and, when the org owes, a second row repaying the debt first. `countsTowardUnlock` adds it
 * to the cumulative deposits behind the $5 unlock.
 */
export async function creditWallet(
  tx: Tx,
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
  const org = await lockOrg(tx, entry.orgId);
  const repaid = Math.min(entry.micros, org.owed);
  const balanceAfterCredit = org.balance + entry.micros;
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
  await tx.insert(schema.walletLedger).values(rows);
  return { balanceMicros: balanceAfterCredit - repaid, repaidMicros: repaid };
}

/**
 * Money back out (a refund or a dispute of a deposit): what the balance holds is taken, the
 * rest is recorded as owed (the balance CHECK stays). The reversed deposit stops counting
 * toward the $5 unlock.
 */
export async function takeBack(
  tx: Tx,
  entry: { orgId: string; kind: LedgerKind; micros: number; reference: string; now: Date },
): Promise<{ takenMicros: number; owedMicros: number }> {
  const org = await lockOrg(tx, entry.orgId);
  const taken = Math.min(entry.micros, org.balance);
  const owed = entry.micros - taken;
  await tx
    .update(orgs)
    .set({
      balanceMicros: org.balance - taken,
      owedMicros: org.owed + owed,
      depositsMicros: sql`greatest(${orgs.depositsMicros} - ${entry.micros}, 0)`,
    })
    .where(eq(orgs.id, entry.orgId));
  await tx.insert(schema.walletLedger).values({
    orgId: entry.orgId,
    kind: entry.kind,
    amountMicros: -taken,
    balanceAfterMicros: org.balance - taken,
    reference: entry.reference,
    owedChangeMicros: owed > 0 ? owed : null,
    createdAt: entry.now,
  });
  return { takenMicros: taken, owedMicros: owed };
}
