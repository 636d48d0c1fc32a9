import { eq } from 'drizzle-orm';
import { schema, type Tx } from '../../adapters/db';
import type { PendingReversalEvent } from '../../adapters/db/schema';
import { disputeIn } from './apply-dispute';
import { refundIn } from './apply-refund';
import type { EventOutcome } from './types';

/**
 * A refund or dispute of a payment not credited (yet): Stripe may deliver it before a retried
 * `checkout.session.completed`. Kept until that payment is credited; one never ours just stays.
 */
export async function holdForLater(
  tx: Tx,
  event: PendingReversalEvent,
  now: Date,
): Promise<EventOutcome> {
  if (!event.paymentIntentId) return 'not_ours';
  await tx
    .insert(schema.pendingReversals)
    .values({ paymentIntentId: event.paymentIntentId, event, receivedAt: now });
  return 'held';
}

/** Applies, inside the crediting transaction, the reversals that arrived before the payment. */
export async function applyHeldReversals(
  tx: Tx,
  paymentIntentId: string,
  now: Date,
): Promise<void> {
  const held = await tx
    .delete(schema.pendingReversals)
    .where(eq(schema.pendingReversals.paymentIntentId, paymentIntentId))
    .returning();
  for (const { event } of held.sort((a, b) => a.id - b.id)) {
    if (event.type === 'charge_refunded') await refundIn(tx, { ...event, now });
    else await disputeIn(tx, { ...event, now });
  }
}
