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
   * throws InvalidPaymentSignature when forged or stale.
   */
  verifyEvent(rawBody: string, signature: string | null, nowMs: number): PaymentEvent;
  /** Stripe's charge and receipt for a PaymentIntent, when it can tell (best effort). */
  receiptFor(
    paymentIntentId: string,
  ): Promise<{ chargeId: string; receiptUrl: string | null } | null>;
}

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
    }
  | { type: 'checkout_failed'; sessionId: string }
  | {
      type: 'charge_succeeded';
      chargeId: string;
      paymentIntentId: string | null;
      receiptUrl: string | null;
    }
  | PendingReversalEvent
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
