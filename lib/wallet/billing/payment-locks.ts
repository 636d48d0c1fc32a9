import { and, eq, or, sql } from 'drizzle-orm';
import { schema, type Tx } from '../../adapters/db';

const topUps = schema.topUps;

/**
 * Serialises everything about one PaymentIntent (its crediting, its refunds and disputes)
 * across instances, so a reversal is either applied or waiting when the payment is credited.
 */
export async function lockPaymentIntent(tx: Tx, paymentIntentId: string | null): Promise<void> {
  if (paymentIntentId)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${paymentIntentId}, 0))`);
}

/** The paid top-up a charge belongs to, locked for this transaction; null when not ours. */
export async function lockPaidTopUp(
  tx: Tx,
  ids: { paymentIntentId: string | null; chargeId: string },
) {
  const match = [
    ...(ids.paymentIntentId ? [eq(topUps.paymentIntentId, ids.paymentIntentId)] : []),
    ...(ids.chargeId ? [eq(topUps.chargeId, ids.chargeId)] : []),
  ];
  if (match.length === 0) return null;
  const [topUp] = await tx
    .select()
    .from(topUps)
    .where(and(or(...match), eq(topUps.status, 'paid')))
    .for('update');
  return topUp ?? null;
}
