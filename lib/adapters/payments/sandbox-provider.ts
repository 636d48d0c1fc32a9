import {
  InvalidPaymentSignature,
  type CheckoutRequest,
  type PaymentIntentOutcome,
  type PaymentProvider,
  type SavedCardCharge,
} from './types';

const sandboxIntentId = (attemptId: string) => `sandbox_pi_${attemptId}`;

/** The sandbox checkout's page, relative to the site's origin. */
export const sandboxCheckoutPath = (topUpId: string) => `/billing/sandbox-checkout/${topUpId}`;

/**
 * No Stripe account: our own clearly labelled checkout page, whose Pay button completes the
 * top-up through the same crediting code as a Stripe webhook. No money moves.
 */
export class SandboxPayments implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  readonly description =
    'sandbox checkout (no money moves: our own page completes top-ups; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)';

  async createCustomer(): Promise<null> {
    return null;
  }

  async createCheckout(input: CheckoutRequest) {
    const origin = new URL(input.successUrl).origin;
    return {
      sessionId: `sandbox_${input.topUpId}`,
      url: `${origin}${sandboxCheckoutPath(input.topUpId)}`,
    };
  }

  async verifyEvent(): Promise<never> {
    throw new InvalidPaymentSignature(
      'Stripe is not configured here (the sandbox checkout is in use), so no Stripe event is accepted.',
    );
  }

  async receiptFor(): Promise<null> {
    return null;
  }

  /** The sandbox's saved "card" always pays, at once and for nothing: no money moves. */
  async chargeSavedCard(input: SavedCardCharge) {
    return {
      status: 'paid_in_sandbox' as const,
      paymentIntentId: sandboxIntentId(input.attemptId),
    };
  }

  /**
   * The sandbox's own record is the id it handed out: every sandbox PaymentIntent was paid (a
   * pending one means the process stopped before crediting it). Any other id is not its own.
   */
  async paymentIntentOutcome(paymentIntentId: string): Promise<PaymentIntentOutcome> {
    if (!paymentIntentId.startsWith(sandboxIntentId('')))
      throw new Error(`${paymentIntentId} is not a sandbox PaymentIntent`);
    return { status: 'paid' };
  }
}
