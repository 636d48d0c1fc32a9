import { eq } from 'drizzle-orm';
import { schema, type Tx } from '../../adapters/db';
import { disputeIn } from './apply-dispute';
import { refundIn } from './apply-refund';

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
