import { and, eq, inArray, sql } from 'drizzle-orm';
import { mailOwners, recordAudit } from '../../../accounts';
import { schema } from '../../../adapters/db';
import { isUuid } from '../../../platform/http/path-id';
import { microsToUsd } from '../../../platform/money';
import type { EventOutcome } from '../types';
import { FAILURES_TO_DISABLE, settingsPath, type AutoTopUpDeps } from './types';

const a = schema.autoTopUpAttempts;
const s = schema.autoTopUpSettings;

/**
 * A declined recharge (at once, later by payment_intent.payment_failed, or found unpaid when its
 * webhook was overdue): one more failure in a row; the third turns auto top-up off, audited, and
 * every owner is mailed.
 */
export async function failAutoTopUp(
  deps: Pick<AutoTopUpDeps, 'db'> & Partial<Pick<AutoTopUpDeps, 'mailer' | 'origin'>>,
  input: {
    attemptId: string;
    paymentIntentId: string | null;
    failure: string;
    now: Date;
    /** Set when no webhook came and the provider was asked (or could not say). */
    via?: 'status_check';
  },
): Promise<EventOutcome> {
  if (!isUuid(input.attemptId)) return 'not_ours';
  const result = await deps.db.transaction(async (tx) => {
    const [attempt] = await tx
      .update(a)
      .set({
        status: 'declined',
        failure: input.failure,
        ...(input.paymentIntentId ? { paymentIntentId: input.paymentIntentId } : {}),
        settledAt: input.now,
      })
      .where(and(eq(a.id, input.attemptId), inArray(a.status, ['claimed', 'pending'])))
      .returning();
    if (!attempt) return null;
    const [settings] = await tx
      .update(s)
      .set({ consecutiveFailures: sql`${s.consecutiveFailures} + 1` })
      .where(eq(s.orgId, attempt.orgId))
      .returning();
    const turnedOff = Boolean(
      settings?.enabled && settings.consecutiveFailures >= FAILURES_TO_DISABLE,
    );
    if (turnedOff) await tx.update(s).set({ enabled: false }).where(eq(s.orgId, attempt.orgId));
    const actor = { type: 'system' as const, id: null };
    const target = { type: 'auto_top_up_attempt', id: attempt.id };
    await recordAudit(
      tx,
      {
        orgId: attempt.orgId,
        actor,
        action: 'billing.auto_top_up.declined',
        target,
        after: {
          amount_usd: microsToUsd(attempt.amountMicros),
          failure: input.failure,
          failures_in_a_row: settings?.consecutiveFailures ?? 1,
          ...(input.via ? { via: input.via } : {}),
        },
      },
      input.now,
    );
    if (turnedOff)
      await recordAudit(
        tx,
        {
          orgId: attempt.orgId,
          actor,
          action: 'billing.auto_top_up.disabled',
          target,
          before: { enabled: true },
          after: { enabled: false, reason: `${FAILURES_TO_DISABLE} declines in a row` },
        },
        input.now,
      );
    return { attempt, turnedOff };
  });
  if (!result) return 'ignored';
  if (result.turnedOff && deps.mailer) {
    const orgId = result.attempt.orgId;
    await mailOwners({ db: deps.db, mailer: deps.mailer }, orgId, {
      subject: 'Auto top-up is off: your card was declined 3 times',
      text: [
        `Auto top-up of your organization (${orgId}) was declined ${FAILURES_TO_DISABLE} times in a row`,
        `(last reason: ${input.failure}), so we turned it off. No further charge will be tried.`,
        '',
        'Add funds or update the card with a manual top-up, then turn auto top-up on again:',
        `${deps.origin ?? ''}${settingsPath(orgId)}`,
      ].join('\n'),
      links: [`${deps.origin ?? ''}${settingsPath(orgId)}`],
    });
  }
  return 'declined';
}
