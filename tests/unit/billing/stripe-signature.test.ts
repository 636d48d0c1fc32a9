// The webhook's door: only a body signed with our secret, recently, gets in; nothing is applied
// before the signature is checked (a forged "paid" event for a real session credits nothing).
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { receiveStripeWebhook } from '@/lib/wallet/billing/receive-stripe-webhook';
import type { Db } from '@/lib/adapters/db';
import { isApiError } from '@/lib/platform/http';
import { StripePayments } from '@/lib/adapters/payments';
import { parseStripeEvent } from '@/lib/adapters/payments/parse-stripe-event';
import { billingDeps, manualClock, newOrg, wallet } from './billing-fixture';
import { openForSuite, pgliteAdapter } from '../../support/databases';
import { schema } from '@/lib/adapters/db';

const SECRET = 'whsec_unit_test_secret';
const stripe = new Stripe('sk_test_unit');
const clock = manualClock();
const payments = new StripePayments({
  secretKey: 'sk_test_unit',
  webhookSecret: SECRET,
  apiBaseUrl: 'http://127.0.0.1:9',
  centPrice: () => Promise.resolve('price_x'),
});
let db: Db;
openForSuite(pgliteAdapter, (opened) => (db = opened));

const sign = (payload: string, secret = SECRET, timestamp = Math.floor(clock.now() / 1000)) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

const paidEvent = (sessionId: string) =>
  JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: 'pi_sig',
      },
    },
  });

async function openTopUp() {
  const { orgId } = await newOrg(db, clock);
  await db.insert(schema.topUps).values({
    id: crypto.randomUUID(),
    orgId,
    provider: 'stripe',
    checkoutSessionId: `cs_${orgId}`,
    amountMicros: 5_000_000,
    createdAt: new Date(clock.now()),
  });
  return { orgId, sessionId: `cs_${orgId}` };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (isApiError(error) ? error.code : String(error)),
  );

describe('Stripe webhook signatures', () => {
  const deps = () => ({ ...billingDeps(db, clock, payments) });

  it('a correctly signed paid event credits the session once', async () => {
    const { orgId, sessionId } = await openTopUp();
    const body = paidEvent(sessionId);
    expect(await receiveStripeWebhook(deps(), body, sign(body))).toBe('credited');
    expect(await receiveStripeWebhook(deps(), body, sign(body))).toBe('already_applied');
    expect((await wallet(db, orgId)).balance).toBe(5_000_000);
  });

  it('refuses a forged, an unsigned, a stale and a tampered delivery, and changes nothing', async () => {
    const { orgId, sessionId } = await openTopUp();
    const body = paidEvent(sessionId);
    expect(await codeOf(receiveStripeWebhook(deps(), body, sign(body, 'whsec_someone_else')))).toBe(
      'STRIPE_SIGNATURE_INVALID',
    );
    expect(await codeOf(receiveStripeWebhook(deps(), body, null))).toBe('STRIPE_SIGNATURE_INVALID');
    const stale = sign(body, SECRET, Math.floor(clock.now() / 1000) - 301);
    expect(await codeOf(receiveStripeWebhook(deps(), body, stale))).toBe(
      'STRIPE_SIGNATURE_INVALID',
    );
    const tampered = body.replace('"paid"', '"paid" ');
    expect(await codeOf(receiveStripeWebhook(deps(), tampered, sign(body)))).toBe(
      'STRIPE_SIGNATURE_INVALID',
    );
    expect((await wallet(db, orgId)).balance).toBe(0);
  });

  it('a body that is not JSON is INVALID_BODY', async () => {
    expect(await codeOf(receiveStripeWebhook(deps(), 'not json', sign('not json')))).toBe(
      'INVALID_BODY',
    );
  });
});

describe('reading Stripe events', () => {
  const event = (type: string, object: unknown) => parseStripeEvent({ type, data: { object } });

  it('credits only paid sessions and async successes', () => {
    expect(event('checkout.session.completed', { id: 'cs', payment_status: 'unpaid' }).type).toBe(
      'ignored',
    );
    expect(
      event('checkout.session.async_payment_succeeded', {
        id: 'cs',
        payment_intent: { id: 'pi' },
        amount_total: 500,
        currency: 'USD',
      }),
    ).toEqual({
      type: 'checkout_paid',
      sessionId: 'cs',
      paymentIntentId: 'pi',
      topUpId: null,
      amountCents: 500,
      currency: 'usd',
    });
  });

  it('reads dispute outcomes and acknowledges what it does not know', () => {
    const closed = (status: string) =>
      event('charge.dispute.closed', {
        id: 'dp',
        charge: 'ch',
        payment_intent: 'pi',
        amount: 500,
        status,
      });
    expect(closed('lost')).toMatchObject({ type: 'dispute', outcome: 'lost', amountCents: 500 });
    expect(closed('won')).toMatchObject({ outcome: 'won' });
    expect(closed('warning_closed')).toMatchObject({ outcome: 'other' });
    expect(event('charge.refunded', { nonsense: true }).type).toBe('ignored');
    expect(event('customer.created', {}).type).toBe('ignored');
  });
});
