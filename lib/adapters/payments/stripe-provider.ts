import type Stripe from 'stripe';
import { loadOnce } from '../../platform/runtime/load-once';
import { parseStripeEvent } from './parse-stripe-event';
import {
  InvalidPaymentSignature,
  type CheckoutRequest,
  type PaymentIntentOutcome,
  type PaymentProvider,
  type SavedCardCharge,
  type SavedCardResult,
} from './types';

/** Seconds a signed delivery stays acceptable (Stripe's own default). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** scheme://host:port of a Stripe-compatible stand-in; unset: api.stripe.com. */
  apiBaseUrl?: string;
  /** Finds or keeps the id of the one-cent price every top-up is a quantity of. */
  centPrice: (create: () => Promise<string>) => Promise<string>;
}

/**
 * Top-ups through Stripe Checkout. A top-up is N units of a one-cent price (created once), not
 * inline `price_data`, so any amount in bounds works against Stripe and stand-ins alike.
 */
export class StripePayments implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly description: string;
  private readonly sdk = loadOnce(() => import('stripe'));
  private readonly client: () => Promise<Stripe>;

  constructor(private readonly settings: StripeSettings) {
    const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : undefined;
    this.client = loadOnce(async () => {
      const { default: StripeClient } = await this.sdk();
      return new StripeClient(settings.secretKey, {
        maxNetworkRetries: 2,
        timeout: 15_000,
        ...(base
          ? {
              host: base.hostname,
              port: base.port || (base.protocol === 'https:' ? 443 : 80),
              protocol: base.protocol === 'https:' ? 'https' : 'http',
            }
          : {}),
      });
    });
    const mode = settings.secretKey.includes('_live_') ? 'live' : 'test';
    this.description = `stripe (${mode} mode${base ? `, API at ${base.origin}` : ''}; signed webhooks at /v1/billing/stripe/webhook)`;
  }

  async createCustomer(input: { orgId: string; name: string }): Promise<string> {
    const customer = await (
      await this.client()
    ).customers.create(
      { name: input.name, metadata: { org_id: input.orgId } },
      { idempotencyKey: `customer-${input.orgId}` },
    );
    return customer.id;
  }

  async createCheckout(input: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const price = await this.settings.centPrice(async () => {
      const product = await (await this.client()).products.create({ name: 'Wallet credit (USD)' });
      const created = await (
        await this.client()
      ).prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 1,
      });
      return created.id;
    });
    const metadata = { top_up_id: input.topUpId, org_id: input.orgId };
    const session = await (
      await this.client()
    ).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ price, quantity: input.amountCents }],
        ...(input.customerId ? { customer: input.customerId } : {}),
        client_reference_id: input.topUpId,
        metadata,
        payment_intent_data: { setup_future_usage: 'off_session', metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: `top-up-${input.topUpId}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  async verifyEvent(rawBody: string, signature: string | null, nowMs: number) {
    if (!signature) throw new InvalidPaymentSignature('The Stripe-Signature header is missing.');
    const stripe = await this.client();
    let event: unknown;
    try {
      event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        nowMs,
      );
    } catch (error) {
      throw new InvalidPaymentSignature((error as Error).message);
    }
    // Stripe's verifier refuses only old timestamps: one far ahead of our clock would stay
    // replayable for as long as it says. The same tolerance applies both ways.
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
    if (!(signedAt * 1000 <= nowMs + SIGNATURE_TOLERANCE_SECONDS * 1000))
      throw new InvalidPaymentSignature('Timestamp outside the tolerance zone (in the future).');
    return parseStripeEvent(event);
  }

  async receiptFor(paymentIntentId: string) {
    // Inside the webhook's answer: short, no retries (Stripe also sends charge.succeeded).
    const charges = await (
      await this.client()
    ).charges.list(
      { payment_intent: paymentIntentId, limit: 1 },
      { timeout: 3_000, maxNetworkRetries: 0 },
    );
    const charge = charges.data[0];
    return charge ? { chargeId: charge.id, receiptUrl: charge.receipt_url ?? null } : null;
  }

  async paymentIntentOutcome(paymentIntentId: string): Promise<PaymentIntentOutcome> {
    const intent = await (await this.client()).paymentIntents.retrieve(paymentIntentId);
    if (intent.status === 'succeeded') return { status: 'paid' };
    return {
      status: 'failed',
      failure: intent.last_payment_error?.code ?? `payment_intent_${intent.status}`,
    };
  }

  async chargeSavedCard(input: SavedCardCharge): Promise<SavedCardResult> {
    if (!input.customerId)
      return { status: 'declined', paymentIntentId: null, failure: 'no_saved_card' };
    // The card Checkout saved (setup_future_usage: off_session) is the customer's newest card.
    const cards = await (
      await this.client()
    ).customers.listPaymentMethods(input.customerId, {
      type: 'card',
      limit: 1,
    });
    const card = cards.data[0];
    if (!card) return { status: 'declined', paymentIntentId: null, failure: 'no_saved_card' };
    try {
      const intent = await (
        await this.client()
      ).paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: card.id,
          off_session: true,
          confirm: true,
          metadata: { auto_top_up_attempt_id: input.attemptId, org_id: input.orgId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === 'succeeded' || intent.status === 'processing')
        return { status: 'pending', paymentIntentId: intent.id };
      if (intent.status === 'requires_action')
        return { status: 'authentication_required', paymentIntentId: intent.id };
      return {
        status: 'declined',
        paymentIntentId: intent.id,
        failure: intent.last_payment_error?.code ?? intent.status,
      };
    } catch (error) {
      if (!(error instanceof (await this.sdk()).default.errors.StripeCardError)) throw error;
      const paymentIntentId = error.payment_intent?.id ?? null;
      if (error.code === 'authentication_required')
        return { status: 'authentication_required', paymentIntentId };
      return {
        status: 'declined',
        paymentIntentId,
        failure: error.decline_code ?? error.code ?? 'card_declined',
      };
    }
  }
}
