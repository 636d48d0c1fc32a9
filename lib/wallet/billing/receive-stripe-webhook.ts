import { ApiError } from '../../platform/errors/api-error';
import { InvalidPaymentSignature } from '../../adapters/payments/types';
import { applyPaymentEvent, type PaymentEventDeps } from './apply-payment-event';
import type { EventOutcome } from './types';

/**
 * POST /v1/billing/stripe/webhook: the signature is checked over the raw body before anything
 * is read from it; a forged or stale delivery (or one while the sandbox is in use) is 400 and
 * changes nothing. A verified event is applied once, whatever the number of deliveries.
 */
export async function receiveStripeWebhook(
  deps: PaymentEventDeps,
  rawBody: string,
  signature: string | null,
): Promise<EventOutcome> {
  try {
    JSON.parse(rawBody);
  } catch {
    throw new ApiError('INVALID_BODY', { message: 'The webhook body is not JSON.' });
  }
  let event;
  try {
    event = await deps.payments.verifyEvent(rawBody, signature, deps.clock.now());
  } catch (error) {
    if (InvalidPaymentSignature.is(error))
      throw new ApiError('STRIPE_SIGNATURE_INVALID', { message: error.message, cause: error });
    throw error;
  }
  return applyPaymentEvent(deps, event);
}
