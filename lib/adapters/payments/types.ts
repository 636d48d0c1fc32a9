import type { PendingReversalEvent } from '../db/schema';

/** What the billing code needs from a payment provider; adapters return these, never vendor types. */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  /** One line for the start-up log. */
  readonly description: string;
  /** The org's customer at the provider, created once (the caller keeps the id). */
  createCustomer(input: { orgId: string; name: string }): Promise<string | null>;
  /** A hosted checkout for `amountCents`; a person pays at `url`. */
  createCheckout(input: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * The event of a webhook delivery, its signature checked over the raw body at `nowMs` (epoch ms);
   * rejects with InvalidPaymentSignature when forged or stale.
   */
  verifyEvent(rawBody: string, signature: string | null, nowMs: number): Promise<PaymentEvent>;
  /** Stripe's charge and receipt for a PaymentIntent, when it can tell (best effort). */
  receiptFor(
    paymentIntentId: string,
  ): Promise<{ chargeId: string; receiptUrl: string | null } | null>;
  /**
   * Charges the customer's saved card off-session (auto top-up) under the attempt's own
   * idempotency key. A decline is a result, not a throw; a throw means the outcome is unknown.
   */
  chargeSavedCard(input: SavedCardCharge): Promise<SavedCardResult>;
  /**
   * Where an off-session PaymentIntent stands, asked when its webhook is overdue. A throw means
   * the status cannot be read.
   */
  paymentIntentOutcome(paymentIntentId: string): Promise<PaymentIntentOutcome>;
}

/** An off-session PaymentIntent as the provider tells it: paid, or anything else (why). */
export type PaymentIntentOutcome = { status: 'paid' } | { status: 'failed'; failure: string };

export interface SavedCardCharge {
  attemptId: string;
  orgId: string;
  customerId: string | null;
  amountCents: number;
  idempotencyKey: string;
}

export type SavedCardResult =
  /** Stripe accepted it; only its signed payment_intent.succeeded credits the wallet. */
  | { status: 'pending'; paymentIntentId: string }
  /** The sandbox card: no webhook will come, the caller credits now (no money moves). */
  | { status: 'paid_in_sandbox'; paymentIntentId: string }
  | { status: 'authentication_required'; paymentIntentId: string | null }
  | { status: 'declined'; paymentIntentId: string | null; failure: string };

export interface CheckoutRequest {
  topUpId: string;
  orgId: string;
  amountCents: number;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** The events that move money, as our own shapes (amounts in cents, as Stripe sends them). */
export type PaymentEvent =
  | {
      type: 'checkout_paid';
      sessionId: string;
      paymentIntentId: string | null;
      /** Our top-up id, as we gave it to the session (client_reference_id, metadata). */
      topUpId: string | null;
      /** What Stripe says was paid (`amount_total`, in cents, and its currency), when it says. */
      amountCents: number | null;
      currency: string | null;
    }
  | { type: 'checkout_failed'; sessionId: string }
  | {
      type: 'charge_succeeded';
      chargeId: string;
      paymentIntentId: string | null;
      receiptUrl: string | null;
    }
  | PendingReversalEvent
  /** An off-session PaymentIntent of an auto top-up attempt (named in its metadata). */
  | { type: 'off_session_paid'; paymentIntentId: string; attemptId: string }
  | { type: 'off_session_failed'; paymentIntentId: string; attemptId: string; failure: string }
  | { type: 'ignored'; eventType: string };

const BRAND = Symbol.for('voiceai.InvalidPaymentSignature');

export class InvalidPaymentSignature extends Error {
  override name = 'InvalidPaymentSignature';
  /** server.ts and the Next bundle hold separate copies of this class: test by brand, not instanceof. */
  readonly [BRAND] = true;

  static is(value: unknown): value is InvalidPaymentSignature {
    return typeof value === 'object' && value !== null && BRAND in value;
  }
}
