import { getConfig } from '../platform/config/config';
import { getDb } from '../adapters/db';
import { usdToMicros } from '../platform/money';
import { getPaymentProvider } from '../adapters/payments';
import { systemClock } from '../platform/runtime/clock';
import type { BillingDeps } from '../wallet/billing/types';

export async function getBillingDeps(): Promise<BillingDeps> {
  const config = getConfig();
  return {
    db: await getDb(),
    payments: getPaymentProvider(),
    clock: systemClock,
    settings: {
      minTopUpMicros: usdToMicros(config.TOP_UP_MIN_USD),
      maxTopUpMicros: usdToMicros(config.TOP_UP_MAX_USD),
    },
  };
}
