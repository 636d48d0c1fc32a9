import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';

/**
 * A new org's starting credit (inside the transaction that inserted it), with its ledger row keyed by the org (so it is granted once). It
 * never counts toward the unlock.
 */
export async function grantStartingCredit(
  tx: Executor,
  orgId: string,
  micros: number,
  now: Date,
): Promise<void> {
  if (micros <= 0) return;
  const o = schema.organizations;
  await tx
    .update(o)
    .set({ balanceMicros: micros, startingCreditMicros: micros })
    .where(eq(o.id, orgId));
  await tx.insert(schema.walletLedger).values({
    orgId,
    kind: 'starting_credit',
    amountMicros: micros,
    balanceAfterMicros: micros,
    reference: `starting_credit:${orgId}`,
    createdAt: now,
  });
}
