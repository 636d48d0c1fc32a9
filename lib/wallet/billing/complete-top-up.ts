import { and, eq, or } from 'drizzle-orm';
import { isUuid } from '../../platform/http/path-id';
import { mailOwners, recordAudit } from '../../accounts';
import { isUniqueViolation, schema, type Db, type Tx } from '../../adapters/db';
import type { Mailer } from '../../adapters/mail';
import type { PaymentProvider } from '../../adapters/payments/types';
import { MICROS_PER_CENT } from '../../platform/money';
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
  deps: { db: Db; payments: PaymentProvider; mailer?: Mailer | undefined },
  input: {
    sessionId: string;
    paymentIntentId: string | null;
    /** Our top-up id as the session carries it (client_reference_id or metadata), if any. */
    topUpId?: string | null;
    /** What the provider says was paid, when it says (Stripe's amount_total and currency). */
    amountCents?: number | null;
    currency?: string | null;
    now: Date;
  },
): Promise<EventOutcome> {
  const byId = input.topUpId && isUuid(input.topUpId) ? eq(topUps.id, input.topUpId) : undefined;
  let outcome: EventOutcome;
  let paymentIntentId: string | null = null;
  let topUpId: string | null = null;
  let mismatch: { orgId: string; expected: string } | null = null;
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
      // Paid, but not what we asked for: someone tampers, or our records are wrong. Nothing is
      // credited (not even the stored amount); the owners hear of it.
      if (paidOtherThanAsked(topUp.amountMicros, input)) {
        mismatch = { orgId: topUp.orgId, expected: await recordAmountMismatch(tx, topUp, input) };
        return 'amount_mismatch';
      }
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
  const refused = mismatch as { orgId: string; expected: string } | null;
  if (refused && deps.mailer)
    await mailOwners({ db: deps.db, mailer: deps.mailer }, refused.orgId, {
      subject: 'A payment was not credited to your wallet',
      text:
        `Stripe reported Checkout session ${input.sessionId} as paid, but not for the amount and ` +
        `currency of the top-up it was made for (${describePaid(input)} instead of ` +
        `${refused.expected}). We have not credited it. Please reply to this ` +
        'message or contact support so we can look into it together.',
    });
  return outcome;
}

/** The currency every top-up is made in. */
const TOP_UP_CURRENCY = 'usd';

function paidOtherThanAsked(
  amountMicros: number,
  paid: { amountCents?: number | null; currency?: string | null },
): boolean {
  const amountDiffers =
    paid.amountCents != null && paid.amountCents * MICROS_PER_CENT !== amountMicros;
  const currencyDiffers = paid.currency != null && paid.currency !== TOP_UP_CURRENCY;
  return amountDiffers || currencyDiffers;
}

function describePaid(paid: { amountCents?: number | null; currency?: string | null }): string {
  const amount = paid.amountCents == null ? '?' : (paid.amountCents / 100).toFixed(2);
  return `${amount} ${(paid.currency ?? TOP_UP_CURRENCY).toUpperCase()}`;
}

/** The audit row of a refused credit; returns what was expected, for the owners' mail. */
async function recordAmountMismatch(
  tx: Tx,
  topUp: typeof topUps.$inferSelect,
  paid: {
    sessionId: string;
    paymentIntentId: string | null;
    amountCents?: number | null;
    currency?: string | null;
    now: Date;
  },
): Promise<string> {
  const expectedCents = Math.round(topUp.amountMicros / MICROS_PER_CENT);
  await recordAudit(
    tx,
    {
      orgId: topUp.orgId,
      actor: { type: 'system', id: null },
      action: 'billing.top_up.amount_mismatch',
      target: { type: 'top_up', id: topUp.id },
      after: {
        expected: { amount_cents: expectedCents, currency: TOP_UP_CURRENCY },
        received: {
          amount_cents: paid.amountCents ?? null,
          currency: paid.currency ?? null,
        },
        checkout_session_id: paid.sessionId,
        payment_intent_id: paid.paymentIntentId,
      },
    },
    paid.now,
  );
  return `${(expectedCents / 100).toFixed(2)} USD`;
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
