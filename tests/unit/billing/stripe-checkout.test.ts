// What we ask Stripe for, read off the wire: msw plays Stripe's REST API at a stand-in host (the
// official client is real). A top-up is a payment-mode Checkout Session for the org's customer,
// saving the card for off-session use, N one-cent units of a price created once.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { StripePayments } from '@/lib/adapters/payments';

const received: { path: string; form: Record<string, string>; idempotency: string | null }[] = [];
const record = async (request: Request) => {
  received.push({
    path: new URL(request.url).pathname,
    form: Object.fromEntries(new URLSearchParams(await request.text())),
    idempotency: request.headers.get('idempotency-key'),
  });
};
const server = setupServer(
  http.post('https://stripe.stand-in.test/v1/products', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ id: 'prod_1', object: 'product' });
  }),
  http.post('https://stripe.stand-in.test/v1/prices', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ id: 'price_cent', object: 'price' });
  }),
  http.post('https://stripe.stand-in.test/v1/checkout/sessions', async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      id: 'cs_1',
      object: 'checkout.session',
      url: 'https://checkout.stand-in.test/c/cs_1',
    });
  }),
  http.post('https://stripe.stand-in.test/v1/customers', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ id: 'cus_1', object: 'customer' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  received.length = 0;
});
afterAll(() => server.close());

it('asks for a payment-mode session for the customer, saving the card, in one-cent units', async () => {
  let kept: string | undefined;
  const payments = new StripePayments({
    secretKey: 'sk_test_wire',
    webhookSecret: 'whsec_wire',
    apiBaseUrl: 'https://stripe.stand-in.test',
    centPrice: async (create) => (kept ??= await create()),
  });
  expect(await payments.createCustomer({ orgId: 'org-1', name: 'Acme' })).toBe('cus_1');
  const request = {
    topUpId: '6f1c2a54-0000-4000-8000-000000000001',
    orgId: 'org-1',
    amountCents: 2550,
    customerId: 'cus_1',
    successUrl: 'https://api.test/billing/top-ups/x?result=paid',
    cancelUrl: 'https://api.test/billing/top-ups/x?result=cancelled',
  };
  expect(await payments.createCheckout(request)).toEqual({
    sessionId: 'cs_1',
    url: 'https://checkout.stand-in.test/c/cs_1',
  });
  await payments.createCheckout(request);
  const paths = received.map((r) => r.path);
  // The price is created once, however many top-ups.
  expect(paths).toEqual([
    '/v1/customers',
    '/v1/products',
    '/v1/prices',
    '/v1/checkout/sessions',
    '/v1/checkout/sessions',
  ]);
  expect(received[0]!.form).toMatchObject({ name: 'Acme', 'metadata[org_id]': 'org-1' });
  expect(received[0]!.idempotency).toBe('customer-org-1');
  expect(received[2]!.form).toMatchObject({ currency: 'usd', unit_amount: '1', product: 'prod_1' });
  const session = received[3]!;
  expect(session.form).toMatchObject({
    mode: 'payment',
    customer: 'cus_1',
    'line_items[0][price]': 'price_cent',
    'line_items[0][quantity]': '2550',
    'payment_intent_data[setup_future_usage]': 'off_session',
    client_reference_id: request.topUpId,
    'metadata[top_up_id]': request.topUpId,
    success_url: request.successUrl,
  });
  expect(session.idempotency).toBe(`top-up-${request.topUpId}`);
});

it('reads an overdue off-session PaymentIntent: succeeded is paid, else its decline, unknown throws', async () => {
  server.use(
    http.get('https://stripe.stand-in.test/v1/payment_intents/:id', ({ params }) => {
      received.push({
        path: `/v1/payment_intents/${String(params.id)}`,
        form: {},
        idempotency: null,
      });
      if (params.id === 'pi_paid')
        return HttpResponse.json({ id: 'pi_paid', object: 'payment_intent', status: 'succeeded' });
      if (params.id === 'pi_declined')
        return HttpResponse.json({
          id: 'pi_declined',
          object: 'payment_intent',
          status: 'requires_payment_method',
          last_payment_error: { code: 'card_declined' },
        });
      if (params.id === 'pi_canceled')
        return HttpResponse.json({
          id: 'pi_canceled',
          object: 'payment_intent',
          status: 'canceled',
        });
      return HttpResponse.json(
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        },
        { status: 404 },
      );
    }),
  );
  const payments = new StripePayments({
    secretKey: 'sk_test_wire',
    webhookSecret: 'whsec_wire',
    apiBaseUrl: 'https://stripe.stand-in.test',
    centPrice: async (create) => create(),
  });
  expect(await payments.paymentIntentOutcome('pi_paid')).toEqual({ status: 'paid' });
  expect(await payments.paymentIntentOutcome('pi_declined')).toEqual({
    status: 'failed',
    failure: 'card_declined',
  });
  expect(await payments.paymentIntentOutcome('pi_canceled')).toEqual({
    status: 'failed',
    failure: 'payment_intent_canceled',
  });
  await expect(payments.paymentIntentOutcome('pi_gone')).rejects.toThrow(/No such payment_intent/);
  expect(received.map((r) => r.path)).toEqual([
    '/v1/payment_intents/pi_paid',
    '/v1/payment_intents/pi_declined',
    '/v1/payment_intents/pi_canceled',
    '/v1/payment_intents/pi_gone',
  ]);
});
