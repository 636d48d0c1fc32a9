import { eq } from 'drizzle-orm';
import { schema, type Db, type Tx } from '../../adapters/db';
import type { PendingReversalEvent } from '../../adapters/db/schema';
import { holdForLater } from './hold-for-later';
import { lockPaidTopUp, lockPaymentIntent } from './payment-locks';
import { MICROS_PER_CENT } from '../../platform/money';
import type { EventOutcome } from './types';
import { takeBack } from '..';

export type RefundInput = Omit<
  Extract<PendingReversalEvent, { type: 'charge_refunded' }>,
  'type'
> & { now: Date };

/**
 * `charge.refunded` carries the cumulative amount refunded, so deliveries in any order and any
 * number of times take back exactly the difference from what was already taken.
 */
export function applyRefund(db: Db, input: RefundInput): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    await lockPaymentIntent(tx, input.paymentIntentId);
    return refundIn(tx, input);
  });
}

export async function refundIn(tx: Tx, input: RefundInput): Promise<EventOutcome> {
  const topUp = await lockPaidTopUp(tx, input);
  if (!topUp) {
    const { now, ...event } = input;
    return holdForLater(tx, { type: 'charge_refunded', ...event }, now);
  }
  const refunded = Math.min(
    input.amountRefundedCents * MICROS_PER_CENT,
    topUp.amountMicros - topUp.disputedMicros,
  );
  const more = refunded - topUp.refundedMicros;
  if (more <= 0) return 'already_applied';
  await tx
    .update(schema.topUps)
    .set({ refundedMicros: refunded })
    .where(eq(schema.topUps.id, topUp.id));
  await takeBack(tx, {
    orgId: topUp.orgId,
    kind: 'payment_refund',
    micros: more,
    reference: `${input.chargeId || topUp.paymentIntentId}:${input.amountRefundedCents}`,
    now: input.now,
  });
  return 'taken_back';
}
