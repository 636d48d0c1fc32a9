import { completeTopUp, failTopUp } from './complete-top-up';
import { applyDispute } from './apply-dispute';
import { applyRefund } from './apply-refund';
import { saveChargeReceipt } from './save-charge-receipt';
import { creditAutoTopUp } from './auto-top-up/credit-auto-top-up';
import { failAutoTopUp } from './auto-top-up/fail-auto-top-up';
import type { AutoTopUpDeps } from './auto-top-up/types';
import type { PaymentEvent } from '../../adapters/payments/types';
import type { BillingDeps, EventOutcome } from './types';

/** What applying events needs; the mailer tells owners when declines turned auto top-up off. */
export type PaymentEventDeps = Pick<BillingDeps, 'db' | 'payments' | 'clock'> &
  Partial<Pick<AutoTopUpDeps, 'mailer' | 'origin'>>;

/** Applies one verified payment event; every outcome is acknowledged (events not ours too). */
export async function applyPaymentEvent(
  deps: PaymentEventDeps,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const now = new Date(deps.clock.now());
  switch (event.type) {
    case 'checkout_paid':
      return completeTopUp(deps, { ...event, now });
    case 'checkout_failed':
      return failTopUp(deps.db, event.sessionId);
    case 'charge_succeeded':
      return saveChargeReceipt(deps.db, event);
    case 'charge_refunded':
      return applyRefund(deps.db, { ...event, now });
    case 'dispute':
      return applyDispute(deps.db, { ...event, now });
    case 'off_session_paid':
      return creditAutoTopUp(deps.db, { ...event, now });
    case 'off_session_failed':
      // A decline Stripe decided after accepting the charge (a processing payment that failed).
      return failAutoTopUp(deps, { ...event, now });
    case 'ignored':
      return 'ignored';
  }
}
