import { and, eq, lt, lte } from 'drizzle-orm';
import { schema } from '../../db';
import { failAutoTopUp } from './fail-auto-top-up';
import type { AutoTopUpDeps } from './types';

const a = schema.autoTopUpAttempts;

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
    .where(
      and(
        eq(a.status, 'claimed'),
        lt(a.leaseUntil, now),
        lte(a.createdAt, new Date(now.getTime() - deps.webhookWaitMs)),
      ),
    )
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
