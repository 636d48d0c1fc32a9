import { eq } from 'drizzle-orm';
import { ApiError } from '../../platform/errors/api-error';
import { schema } from '../../adapters/db';
import { completeTopUp, failTopUp } from './complete-top-up';
import type { BillingDeps, EventOutcome } from './types';

/**
 * The sandbox checkout's Pay or Decline: Pay credits through the very function a Stripe
 * `checkout.session.completed` does. Refused (404) when Stripe is configured, or for a top-up
 * that is not a sandbox one.
 */
export async function settleSandboxCheckout(
  deps: Pick<BillingDeps, 'db' | 'payments' | 'clock'>,
  input: { topUpId: string; action: 'pay' | 'decline' },
): Promise<EventOutcome> {
  const [topUp] =
    deps.payments.kind === 'sandbox'
      ? await deps.db
          .select({ sessionId: schema.topUps.checkoutSessionId, provider: schema.topUps.provider })
          .from(schema.topUps)
          .where(eq(schema.topUps.id, input.topUpId))
      : [];
  if (!topUp || topUp.provider !== 'sandbox')
    throw new ApiError('NOT_FOUND', { message: 'No sandbox checkout has this id.' });
  if (input.action === 'decline') return failTopUp(deps.db, topUp.sessionId);
  return completeTopUp(deps, {
    sessionId: topUp.sessionId,
    // The sandbox's stand-in for a PaymentIntent id: one per top-up, so a second Pay is a no-op.
    paymentIntentId: `sandbox_pi_${input.topUpId}`,
    now: new Date(deps.clock.now()),
  });
}
