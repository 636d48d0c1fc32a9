import { and, eq, or } from 'drizzle-orm';
import { isUuid } from '../http/path-id';
import { isUniqueViolation, schema, type Db } from '../db';
import type { PaymentProvider } from '../payments/types';
import type { EventOutcome } from './types';
import { creditPaidTopUp } from './credit-paid-top-up';
import { lockPaymentIntent } from './payment-locks';

const topUps = schema.topUps;

/**
 * Credits a paid top-up: the one crediting path of the Stripe webhook and the sandbox checkout.
 * The top-up row is locked, so concurrent deliveries (to several instances) credit once; the
 * ledger row keyed by the PaymentIntent id is written in the same transaction as the balance.
 * A session we did not create changes nothing. Audited as `billing.top_up.paid`, with the credit.
 */
export async function completeTopUp(
  deps: { db: Db; payments: PaymentProvider },
  input: {
    sessionId: string;
    paymentIntentId: string | null;
    /** Our top-up id as the session carries it (client_reference_id or metadata), if any. */
    topUpId?: string | null;
    now: Date;
  },
): Promise<EventOutcome> {
  const byId = input.topUpId && isUuid(input.topUpId) ? eq(topUps.id, input.topUpId) : undefined;
  let outcome: EventOutcome;
  let paymentIntentId: string | null = null;
  let topUpId: string | null = null;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      await lockPaymentIntent(tx, input.paymentIntentId);
      const [topUp] = await tx
        .select()
        .from(topUps)
        .where(or(eq(topUps.checkoutSessionId, input.sessionId), byId))
        .for('update');
      if (!topUp) return 'not_ours';
      if (topUp.status === 'paid') return 'already_applied';
      // The sandbox's Decline is final; Stripe's word that a session was paid is not refused.
      if (topUp.provider === 'sandbox' && topUp.status !== 'open') return 'declined';
      paymentIntentId = input.paymentIntentId;
      topUpId = topUp.id;
      await tx
        .update(topUps)
        .set({
          status: 'paid',
          checkoutSessionId: input.sessionId,
          paymentIntentId: input.paymentIntentId,
          paidAt: input.now,
        })
        .where(eq(topUps.id, topUp.id));
      await creditPaidTopUp(tx, {
        orgId: topUp.orgId,
        micros: topUp.amountMicros,
        // Stripe's PaymentIntent id; a stand-in that sends none leaves the session id.
        reference: input.paymentIntentId ?? input.sessionId,
        paymentIntentId: input.paymentIntentId,
        keyId: topUp.keyId,
        audit: {
          action: 'billing.top_up.paid',
          target: { type: 'top_up', id: topUp.id },
          after: {
            provider: topUp.provider,
            payment_intent_id: input.paymentIntentId,
            checkout_session_id: input.sessionId,
          },
        },
        now: input.now,
      });
      return 'credited';
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'already_applied';
    throw error;
  }
  if (outcome === 'credited' && paymentIntentId && topUpId)
    await saveReceipt(deps, topUpId, paymentIntentId);
  return outcome;
}

/** Stripe's receipt for the ledger (best effort: a receipt missing now arrives with charge.succeeded). */
async function saveReceipt(
  deps: { db: Db; payments: PaymentProvider },
  topUpId: string,
  paymentIntentId: string,
): Promise<void> {
  try {
    const receipt = await deps.payments.receiptFor(paymentIntentId);
    if (!receipt) return;
    await deps.db
      .update(topUps)
      .set({ chargeId: receipt.chargeId, receiptUrl: receipt.receiptUrl })
      .where(eq(topUps.id, topUpId));
  } catch {
    // The deposit is credited; only the link is missing.
  }
}

/** A checkout that failed or was declined: the top-up stays unpaid for good. */
export async function failTopUp(db: Db, sessionId: string): Promise<EventOutcome> {
  const rows = await db
    .update(topUps)
    .set({ status: 'declined' })
    .where(and(eq(topUps.checkoutSessionId, sessionId), eq(topUps.status, 'open')))
    .returning({ status: topUps.status });
  return rows.length > 0 ? 'declined' : 'ignored';
}
