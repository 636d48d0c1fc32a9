import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { type AuditActor, getOrgOrThrow, recordAudit } from '../../accounts';
import { ApiError } from '../../platform/errors/api-error';
import { asApiError } from '../../platform/errors/dependency-errors';
import { schema } from '../../adapters/db';
import { MICROS_PER_CENT, microsToUsd } from '../../platform/money';
import type { BillingDeps } from './types';

export interface TopUpStarted {
  top_up_id: string;
  amount_usd: number;
  checkout_url: string;
  provider: 'stripe' | 'sandbox';
}

/**
 * Starts a top-up: a checkout a person pays at (Stripe Checkout, or the sandbox page). Nothing
 * is credited here; only the paid event (or the sandbox's Pay) credits the wallet. Audited as
 * `billing.top_up.start` (who, how much, the checkout's id) once the checkout exists.
 */
export async function startTopUp(
  deps: BillingDeps,
  input: {
    orgId: string;
    amountCents: number;
    keyId: string | null;
    origin: string;
    actor: AuditActor;
  },
): Promise<TopUpStarted> {
  const amountMicros = input.amountCents * MICROS_PER_CENT;
  const { minTopUpMicros, maxTopUpMicros } = deps.settings;
  if (amountMicros < minTopUpMicros || amountMicros > maxTopUpMicros) {
    throw new ApiError('INVALID_BODY', {
      field: 'amount_usd',
      message: `amount_usd: a top-up is between ${microsToUsd(minTopUpMicros)} and ${microsToUsd(maxTopUpMicros)} USD.`,
    });
  }
  const org = await getOrgOrThrow(deps.db, input.orgId);
  const topUpId = randomUUID();
  const back = `${input.origin}/billing/top-ups/${topUpId}`;
  // Recorded before the checkout exists: a paid event names this id (client_reference_id and
  // metadata), so a payment is never lost to a failure between the two.
  await deps.db.insert(schema.topUps).values({
    id: topUpId,
    orgId: org.id,
    provider: deps.payments.kind,
    checkoutSessionId: `pending:${topUpId}`,
    amountMicros,
    keyId: input.keyId,
    createdAt: new Date(deps.clock.now()),
  });
  const checkout = await providerCall(async () =>
    deps.payments.createCheckout({
      topUpId,
      orgId: org.id,
      amountCents: input.amountCents,
      customerId: org.stripeCustomerId ?? (await keepCustomer(deps, org.id, org.name)),
      successUrl: `${back}?result=paid`,
      cancelUrl: `${back}?result=cancelled`,
    }),
  );
  await deps.db.transaction(async (tx) => {
    await tx
      .update(schema.topUps)
      .set({ checkoutSessionId: checkout.sessionId })
      .where(eq(schema.topUps.id, topUpId));
    await recordAudit(
      tx,
      {
        orgId: org.id,
        actor: input.actor,
        action: 'billing.top_up.start',
        target: { type: 'top_up', id: topUpId },
        after: {
          amount_usd: microsToUsd(amountMicros),
          provider: deps.payments.kind,
          checkout_session_id: checkout.sessionId,
        },
      },
      new Date(deps.clock.now()),
    );
  });
  return {
    top_up_id: topUpId,
    amount_usd: microsToUsd(amountMicros),
    checkout_url: checkout.url,
    provider: deps.payments.kind,
  };
}

/** The org's customer at the provider, created once; a concurrent first top-up keeps the first. */
async function keepCustomer(deps: BillingDeps, orgId: string, name: string) {
  const created = await deps.payments.createCustomer({ orgId, name });
  if (!created) return null;
  const o = schema.organizations;
  await deps.db
    .update(o)
    .set({ stripeCustomerId: created })
    .where(and(eq(o.id, orgId), isNull(o.stripeCustomerId)));
  return (await getOrgOrThrow(deps.db, orgId)).stripeCustomerId;
}

/** A provider failure is a 502 naming the provider, never a 500. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asApiError(error, (cause) => new ApiError('PAYMENT_PROVIDER_FAILED', { cause }));
  }
}
