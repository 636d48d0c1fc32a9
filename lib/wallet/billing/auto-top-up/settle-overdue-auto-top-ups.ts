import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { schema, type Db } from '../../../adapters/db';
import type { PaymentIntentOutcome } from '../../../adapters/payments/types';
import { leaseRunOut, type AttemptRow } from './claim-auto-top-ups';
import { creditAutoTopUp } from './credit-auto-top-up';
import { failAutoTopUp } from './fail-auto-top-up';
import { CLAIM_LEASE_MS, type AutoTopUpDeps } from './types';

const a = schema.autoTopUpAttempts;

/** Why an overdue attempt failed when the provider could not say where it stands. */
export const STATUS_UNREADABLE = 'webhook_missing_status_unreadable';

/**
 * Takes the pending attempts (a charge the provider accepted) whose webhook has not come within
 * `waitMs` of their start, one instance at a time: a lease on the row, as for claimed attempts.
 */
export async function claimOverdueAutoTopUps(
  db: Db,
  now: Date,
  waitMs: number,
  limit: number,
): Promise<AttemptRow[]> {
  const overdue = db
    .select({ id: a.id })
    .from(a)
    .where(
      and(
        eq(a.status, 'pending'),
        lte(a.createdAt, new Date(now.getTime() - waitMs)),
        or(isNull(a.leaseUntil), lt(a.leaseUntil, now)),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(a)
    .set({ leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(and(inArray(a.id, overdue), eq(a.status, 'pending')))
    .returning();
}

/**
 * An attempt whose webhook never came would hold the org's one in-flight slot for good, so the
 * provider is asked where its PaymentIntent stands. Paid: credited by the webhook's own code
 * (once per PaymentIntent, so a webhook arriving after all changes nothing). Anything else, or a
 * status that cannot be read: a failure counted like a decline (a later signed payment still
 * credits it). Either way the org may be recharged again.
 */
export async function settleOverdueAutoTopUp(
  deps: AutoTopUpDeps,
  attempt: AttemptRow,
): Promise<void> {
  let outcome: PaymentIntentOutcome | null = null;
  if (attempt.paymentIntentId) {
    try {
      outcome = await deps.payments.paymentIntentOutcome(attempt.paymentIntentId);
    } catch (error) {
      console.error(`auto top-up ${attempt.id}: no webhook, and its status cannot be read:`, error);
    }
  }
  const now = new Date(deps.clock.now());
  if (outcome?.status === 'paid' && attempt.paymentIntentId) {
    await creditAutoTopUp(deps.db, {
      attemptId: attempt.id,
      paymentIntentId: attempt.paymentIntentId,
      now,
      via: 'status_check',
    });
    return;
  }
  await failAutoTopUp(deps, {
    attemptId: attempt.id,
    paymentIntentId: attempt.paymentIntentId,
    failure: outcome?.status === 'failed' ? outcome.failure : STATUS_UNREADABLE,
    now,
    via: 'status_check',
  });
}

/** Why a recharge failed when no try of its charge got an answer from the provider. */
export const OUTCOME_UNKNOWN = 'charge_outcome_unknown';

/**
 * A claimed attempt whose charge keeps ending with the outcome unknown (the provider could not
 * be reached) is retried with its own key each time its lease runs out, but only as long as an
 * accepted charge waits for its webhook (`webhookWaitMs` from its start). After that it fails,
 * counted like a decline, so it no longer holds the org's one in-flight slot; a charge that did
 * go through still credits it when its signed webhook comes. Returns how many it failed.
 */
export async function failUnansweredAutoTopUps(
  deps: AutoTopUpDeps,
  now: Date,
  limit: number,
): Promise<number> {
  const unanswered = await deps.db
    .select({ id: a.id })
    .from(a)
    .where(and(leaseRunOut(now), lte(a.createdAt, new Date(now.getTime() - deps.webhookWaitMs))))
    .limit(limit);
  let failed = 0;
  // Instances racing here are harmless: only one moves the attempt out of `claimed`.
  for (const { id } of unanswered) {
    const outcome = await failAutoTopUp(deps, {
      attemptId: id,
      paymentIntentId: null,
      failure: OUTCOME_UNKNOWN,
      now,
    });
    if (outcome === 'declined') failed++;
  }
  return failed;
}
