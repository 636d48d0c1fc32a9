import { and, eq } from 'drizzle-orm';
import { getOrgOrThrow, mailOwners, recordAudit } from '../../../accounts';
import { schema } from '../../../adapters/db';
import { MICROS_PER_CENT, microsToUsd } from '../../../platform/money';
import type { SavedCardResult } from '../../../adapters/payments/types';
import { startTopUp } from '../start-top-up';
import type { AttemptRow } from './claim-auto-top-ups';
import { creditAutoTopUp } from './credit-auto-top-up';
import { failAutoTopUp } from './fail-auto-top-up';
import type { AutoTopUpDeps } from './types';

const a = schema.autoTopUpAttempts;

/**
 * Runs one claimed recharge: the saved card is charged off-session under the attempt's own
 * idempotency key. Stripe's acceptance only marks it pending (the signed webhook credits it);
 * the sandbox card is credited at once; authentication_required mails the owners a Checkout
 * link for the same amount; any other decline is a failure. An error whose outcome is unknown
 * leaves the attempt claimed: when its lease runs out it is retried with the same key, within
 * the webhook wait of its start (then failUnansweredAutoTopUps fails it).
 */
export async function chargeAutoTopUp(deps: AutoTopUpDeps, attempt: AttemptRow): Promise<void> {
  const org = await getOrgOrThrow(deps.db, attempt.orgId);
  let result: SavedCardResult;
  try {
    result = await deps.payments.chargeSavedCard({
      attemptId: attempt.id,
      orgId: attempt.orgId,
      customerId: org.stripeCustomerId,
      amountCents: Math.round(attempt.amountMicros / MICROS_PER_CENT),
      idempotencyKey: attempt.idempotencyKey,
    });
  } catch (error) {
    console.error(`auto top-up ${attempt.id}: outcome unknown, retried with the same key:`, error);
    return;
  }
  const now = new Date(deps.clock.now());
  switch (result.status) {
    case 'declined':
      await failAutoTopUp(deps, { attemptId: attempt.id, ...result, now });
      return;
    case 'pending':
    case 'paid_in_sandbox':
      await settle(deps, attempt, 'pending', { paymentIntentId: result.paymentIntentId }, now);
      if (result.status === 'paid_in_sandbox')
        await creditAutoTopUp(deps.db, {
          attemptId: attempt.id,
          paymentIntentId: result.paymentIntentId,
          now,
        });
      return;
    case 'authentication_required':
      await askOwnersToPay(deps, attempt, result.paymentIntentId, now);
  }
}

/** The bank wants the cardholder: owners get a Checkout link for the same amount. */
async function askOwnersToPay(
  deps: AutoTopUpDeps,
  attempt: AttemptRow,
  paymentIntentId: string | null,
  now: Date,
) {
  const checkout = await startTopUp(deps, {
    orgId: attempt.orgId,
    amountCents: Math.round(attempt.amountMicros / MICROS_PER_CENT),
    keyId: null,
    origin: deps.origin,
    actor: { type: 'system', id: null },
  });
  await settle(
    deps,
    attempt,
    'authentication_required',
    { paymentIntentId, topUpId: checkout.top_up_id, failure: 'authentication_required' },
    now,
  );
  await mailOwners(deps, attempt.orgId, {
    subject: `Auto top-up needs you: confirm the $${checkout.amount_usd.toFixed(2)} payment`,
    text: [
      `Your bank asked for the cardholder to confirm the auto top-up of $${checkout.amount_usd.toFixed(2)}`,
      `for organization ${attempt.orgId}, so nothing was charged. Pay the same amount here:`,
      '',
      checkout.checkout_url,
      '',
      'No other recharge is tried while this link is open.',
    ].join('\n'),
    links: [checkout.checkout_url],
  });
}

async function settle(
  deps: AutoTopUpDeps,
  attempt: AttemptRow,
  status: 'pending' | 'authentication_required',
  fields: { paymentIntentId: string | null; topUpId?: string; failure?: string },
  now: Date,
) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(a)
      .set({ status, ...fields, ...(status === 'pending' ? {} : { settledAt: now }) })
      .where(and(eq(a.id, attempt.id), eq(a.status, 'claimed')))
      .returning();
    if (!row) {
      // The signed webhook can credit the charge before its own request has answered here: the
      // charge was still made, and its audit row says so beside the credit's.
      const [current] = await tx.select({ status: a.status }).from(a).where(eq(a.id, attempt.id));
      if (current?.status !== 'succeeded') return;
    }
    await recordAudit(
      tx,
      {
        orgId: attempt.orgId,
        actor: { type: 'system', id: null },
        action: `billing.auto_top_up.${status}`,
        target: { type: 'auto_top_up_attempt', id: attempt.id },
        after: {
          amount_usd: microsToUsd(attempt.amountMicros),
          payment_intent_id: fields.paymentIntentId,
          idempotency_key: attempt.idempotencyKey,
        },
      },
      now,
    );
  });
}
