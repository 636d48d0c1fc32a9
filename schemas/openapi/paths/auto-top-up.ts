import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { AutoTopUpRequest, AutoTopUpResponse } from '../../auto-top-up';
import { authErrors, bearer, error, json, tooLarge } from './voice-common';

const rules =
  'A recharge starts after a charge leaves the balance under `threshold_usd` (never inside a ' +
  'request): the saved card of the org’s Stripe customer (saved at its first Checkout top-up) is ' +
  'charged `amount_usd` off-session, at most 3 attempts per UTC day, and never past ' +
  '`monthly_cap_usd` in a UTC month; one attempt at a time. The wallet is credited by Stripe’s ' +
  'signed `payment_intent.succeeded`. When the bank asks for the cardholder, the owners are mailed ' +
  'a Checkout link for the same amount; 3 declines in a row turn auto top-up off and mail the ' +
  'owners. `low_balance_usd` mails the owners once each time the balance crosses under it. ' +
  'Without Stripe (the sandbox) recharges use a sandbox card that always pays: no money moves.';

export function registerAutoTopUpPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/v1/billing/auto-top-up',
    operationId: 'getAutoTopUp',
    tags: ['Billing'],
    summary: 'Auto top-up and low-balance mail settings',
    description: `The settings (null until saved), the balance, what the caps have used and the latest attempts. ${rules}`,
    security: bearer,
    responses: {
      200: json(AutoTopUpResponse, 'The settings and their state.'),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'put',
    path: '/v1/billing/auto-top-up',
    operationId: 'putAutoTopUp',
    tags: ['Billing'],
    summary: 'Save auto top-up and low-balance mail settings',
    description: `Replaces the settings (audited). Owner-only: the key must be made by a current owner of the organization. ${rules}`,
    security: bearer,
    request: {
      body: { required: true, content: { 'application/json': { schema: AutoTopUpRequest } } },
    },
    responses: {
      200: json(AutoTopUpResponse, 'Saved.'),
      400: error(
        'INVALID_BODY: threshold under $1, amount under $5 or over the top-up maximum, a missing monthly cap or one under the amount, not whole cents.',
      ),
      ...authErrors,
      403: error(
        'INSUFFICIENT_SCOPE: the key lacks billing:write; FORBIDDEN: these settings are owner-only (they charge the saved card), and the key was not made by a member who is an owner now.',
      ),
      409: error(
        'AUTO_TOP_UP_CONFIRM_REQUIRED: on, and the balance is already under the threshold: saving would charge now. Nothing was saved; send confirm_charge_now: true.',
      ),
      ...tooLarge,
    },
  });
}
