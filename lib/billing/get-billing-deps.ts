import { getConfig } from '../config';
import { getDb } from '../db';
import { usdToMicros } from '../orgs/money';
import { getPaymentProvider } from '../payments';
import { systemClock } from '../runtime/clock';
import type { BillingDeps } from './types';

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
