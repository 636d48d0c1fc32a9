import { eq } from 'drizzle-orm';
import { getConfig, type Config } from '../../platform/config/config';
import { getDb, schema } from '../db';
import { singleton } from '../../platform/runtime/singleton';
import { SandboxPayments } from './sandbox-provider';
import { StripePayments } from './stripe-provider';
import type { PaymentProvider } from './types';

export * from './types';
export { SandboxPayments, sandboxCheckoutPath } from './sandbox-provider';
export { StripePayments } from './stripe-provider';

/** Stripe when both of its variables are set (config refuses one alone), else the sandbox. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return new StripePayments({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBaseUrl: config.STRIPE_API_BASE_URL,
      centPrice: keptStripeObject('top_up_cent_price'),
    });
  }
  return new SandboxPayments();
}

export function getPaymentProvider(): PaymentProvider {
  return singleton('payment-provider', () => createPaymentProvider(getConfig()));
}

/** A Stripe object created once and its id kept in the database (the first writer wins). */
function keptStripeObject(name: string) {
  return async (create: () => Promise<string>): Promise<string> => {
    const db = await getDb();
    const read = async () =>
      (await db.select().from(schema.stripeObjects).where(eq(schema.stripeObjects.name, name)))[0]
        ?.stripeId;
    const kept = await read();
    if (kept) return kept;
    const created = await create();
    await db.insert(schema.stripeObjects).values({ name, stripeId: created }).onConflictDoNothing();
    return (await read()) ?? created;
  };
}
