import { eq } from 'drizzle-orm';
import { isUniqueViolation, schema, type Db } from '../../../adapters/db';
import { isUuid } from '../../../platform/http/path-id';
import { creditPaidTopUp } from '../credit-paid-top-up';
import { lockPaymentIntent } from '../payment-locks';
import type { EventOutcome } from '../types';

const a = schema.autoTopUpAttempts;

/**
 * Credits a paid recharge (Stripe's signed payment_intent.succeeded, or the sandbox card) once
 * per PaymentIntent: the deposit's ledger row is keyed by it, in the same transaction as the
 * balance. A paid top-up row is written beside it, so Stripe's receipt, refunds and disputes of
 * a recharge work exactly as for a Checkout top-up. A paid recharge resets the declines in a row.
 */
export async function creditAutoTopUp(
  db: Db,
  input: {
    attemptId: string;
    paymentIntentId: string;
    now: Date;
    /** Set when no webhook came and the provider was asked (audited with the credit). */
    via?: 'status_check';
  },
): Promise<EventOutcome> {
  if (!isUuid(input.attemptId)) return 'not_ours';
  try {
    return await db.transaction(async (tx) => {
      await lockPaymentIntent(tx, input.paymentIntentId);
      const [attempt] = await tx.select().from(a).where(eq(a.id, input.attemptId)).for('update');
      if (!attempt) return 'not_ours';
      if (attempt.status === 'succeeded') return 'already_applied';
      // Even after we counted a decline, Stripe's word that it was paid is what happened.
      await tx
        .update(a)
        .set({ status: 'succeeded', paymentIntentId: input.paymentIntentId, settledAt: input.now })
        .where(eq(a.id, attempt.id));
      await tx.insert(schema.topUps).values({
        id: attempt.id,
        orgId: attempt.orgId,
        provider: input.paymentIntentId.startsWith('sandbox_') ? 'sandbox' : 'stripe',
        checkoutSessionId: `auto_top_up:${attempt.id}`,
        paymentIntentId: input.paymentIntentId,
        amountMicros: attempt.amountMicros,
        status: 'paid',
        createdAt: attempt.createdAt,
        paidAt: input.now,
      });
      await creditPaidTopUp(tx, {
        orgId: attempt.orgId,
        micros: attempt.amountMicros,
        reference: input.paymentIntentId,
        paymentIntentId: input.paymentIntentId,
        audit: {
          action: 'billing.auto_top_up.paid',
          target: { type: 'auto_top_up_attempt', id: attempt.id },
          after: {
            payment_intent_id: input.paymentIntentId,
            ...(input.via ? { via: input.via } : {}),
          },
        },
        now: input.now,
      });
      // After the credit: the org row before the settings row, as a save takes them (the other
      // order deadlocked with a save of the same org).
      await tx
        .update(schema.autoTopUpSettings)
        .set({ consecutiveFailures: 0 })
        .where(eq(schema.autoTopUpSettings.orgId, attempt.orgId));
      return 'credited';
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'already_applied';
    throw error;
  }
}
