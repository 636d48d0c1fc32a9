import { schema, type Tx } from '../../adapters/db';
import type { PendingReversalEvent } from '../../adapters/db/schema';
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
