import { eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import type { EventOutcome } from './types';

/** `charge.succeeded`: keeps the charge id and Stripe's receipt link of a top-up of ours. */
export async function saveChargeReceipt(
  db: Db,
  input: { chargeId: string; paymentIntentId: string | null; receiptUrl: string | null },
): Promise<EventOutcome> {
  if (!input.paymentIntentId) return 'ignored';
  const rows = await db
    .update(schema.topUps)
    .set({ chargeId: input.chargeId, receiptUrl: input.receiptUrl })
    .where(eq(schema.topUps.paymentIntentId, input.paymentIntentId))
    .returning({ id: schema.topUps.id });
  return rows.length > 0 ? 'receipt_saved' : 'not_ours';
}
