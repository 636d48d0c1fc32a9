import { completeTopUp, failTopUp } from './complete-top-up';
import { applyDispute } from './apply-dispute';
import { applyRefund } from './apply-refund';
import { saveChargeReceipt } from './save-charge-receipt';
import type { PaymentEvent } from '../payments/types';
import type { BillingDeps, EventOutcome } from './types';

/** Applies one verified payment event; every outcome is acknowledged (events not ours too). */
export async function applyPaymentEvent(
  deps: Pick<BillingDeps, 'db' | 'payments' | 'clock'>,
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
    case 'ignored':
      return 'ignored';
  }
}
