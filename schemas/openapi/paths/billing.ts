import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  LedgerQuery,
  LedgerResponse,
  TopUpRequest,
  TopUpResponse,
  WebhookAck,
} from '../../billing';
import { z } from '../../zod';
import { authErrors, bearer, error, json, tooLarge } from './voice-common';

export function registerBillingPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/v1/billing/top-ups',
    operationId: 'createTopUp',
    tags: ['Billing'],
    summary: 'Start a wallet top-up',
    description:
      'Returns `checkout_url`, where a person pays `amount_usd`: Stripe Checkout (the card is saved ' +
      'for later off-session use) or, when this deployment has no Stripe account, the sandbox ' +
      'checkout (labelled "Sandbox payment — no money moves"). Nothing is credited here: the wallet ' +
      'is credited once, when the payment completes. Deposits count toward the $5 unlock.',
    security: bearer,
    request: {
      body: { required: true, content: { 'application/json': { schema: TopUpRequest } } },
    },
    responses: {
      201: json(TopUpResponse, 'The checkout to pay at.'),
      400: error('INVALID_BODY: amount_usd missing, not whole cents or outside the bounds.'),
      ...authErrors,
      ...tooLarge,
      502: error('PAYMENT_PROVIDER_FAILED: Stripe did not answer; nothing was started.'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/v1/billing/ledger',
    operationId: 'listLedger',
    tags: ['Billing'],
    summary: 'Every change of the wallet',
    description:
      'Newest first, cursor-paginated. Each row: time, kind, signed amount, balance after, the ' +
      'change of what is owed, reference (call id, `speech:<id>`, Stripe PaymentIntent id, dispute ' +
      'id), the key that caused it and, for a top-up, Stripe’s receipt. Over any range the amounts ' +
      'sum to the change of balance. `format=csv` streams every row of the `from`–`to` range as ' +
      '`text/csv` (amounts as exact decimals).',
    security: bearer,
    request: { query: LedgerQuery },
    responses: {
      200: {
        description: 'A page of rows (JSON) or the whole range (CSV).',
        content: {
          'application/json': { schema: LedgerResponse },
          'text/csv': { schema: z.string() },
        },
      },
      400: error('INVALID_QUERY: a bad limit, cursor, from, to or format.'),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/v1/billing/stripe/webhook',
    operationId: 'receiveStripeWebhook',
    tags: ['Billing'],
    summary: 'Stripe webhook endpoint (called by Stripe)',
    description:
      'Checks `Stripe-Signature` over the raw body. Credits `checkout.session.completed` (paid) and ' +
      '`checkout.session.async_payment_succeeded`; takes back `charge.refunded`, ' +
      '`charge.dispute.created` and lost disputes (what the balance cannot cover is owed: new calls ' +
      'and speech answer 402 `WALLET_IN_DEBT` until a top-up covers it). Each event applies once; ' +
      'events for sessions this service did not create are acknowledged and ignored.',
    request: {
      headers: z.object({ 'stripe-signature': z.string() }),
      body: {
        required: true,
        content: { 'application/json': { schema: z.object({}).passthrough() } },
      },
    },
    responses: {
      200: json(WebhookAck, 'Received (applied, already applied or ignored).'),
      400: error(
        'STRIPE_SIGNATURE_INVALID: forged, stale or missing signature (or Stripe is not configured); INVALID_BODY: not JSON.',
      ),
      ...tooLarge,
    },
  });
}
