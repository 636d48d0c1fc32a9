import { expect } from 'vitest';
import { signedEvent } from './stripe-standin';
import { voice, type TestOrg } from './voice-api';

/** POST /v1/billing/top-ups on a Stripe-configured server; the Checkout Session id with it. */
export async function startStripeTopUp(base: string, org: TestOrg, amount_usd: number) {
  const response = await voice(base, org.apiKey, '/v1/billing/top-ups', { json: { amount_usd } });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { top_up_id: string; checkout_url: string };
  const sessionId = /\/checkout\/(cs_[^/?]+)/.exec(body.checkout_url)![1]!;
  return { ...body, sessionId };
}

/** Stripe's `checkout.session.completed` for a paid session, signed. */
export const paid = (sessionId: string, pi: string) =>
  signedEvent('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    payment_intent: pi,
  });

/** Stripe's `charge.refunded` with the cumulative amount refunded, signed. */
export const refunded = (pi: string, cents: number) =>
  signedEvent('charge.refunded', { id: `ch_${pi}`, payment_intent: pi, amount_refunded: cents });

export async function ledgerPage(base: string, org: TestOrg) {
  const response = await voice(base, org.apiKey, '/v1/billing/ledger');
  expect(response.status).toBe(200);
  return (await response.json()) as {
    entries: {
      kind: string;
      amount_usd: number;
      reference: string;
      key_id: string | null;
      receipt_url: string | null;
    }[];
  };
}
