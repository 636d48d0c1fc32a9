import { and, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { effectiveLimits, isUnlocked } from '../../wallet';
import { getCloneRow } from './get-clone-row';
import type { CloneRow } from './render-clone';

/**
 * draft → live. The conditions are checked in this order, and the first unmet one is the error:
 * the consent-and-rights review passed (409 REVIEW_NOT_PASSED), the speaker's recorded consent
 * statement is stored with the draft (409 CONSENT_RECORDING_MISSING: a reviewer's approval does
 * not replace the speaker's own voice on file), the organization is funded —
 * cumulative deposits ≥ 5 USD, the unlock (402 ORG_NOT_FUNDED), and its live professional clones
 * are below its live-clone limit (403 LIVE_CLONE_LIMIT_REACHED). The org row is locked while
 * counting, so parallel promotions cannot pass the limit. A live clone is returned unchanged.
 */
export async function promoteClone(
  db: Db,
  orgId: string,
  voiceId: string,
  now: Date,
  actor?: AuditActor,
): Promise<CloneRow> {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, orgId))
      .for('update');
    const clone = org ? await getCloneRow(tx, orgId, voiceId) : undefined;
    if (!org || !clone) throw new ApiError('VOICE_NOT_FOUND');
    if (clone.state === 'live') return clone;
    if (clone.reviewStatus !== 'approved') {
      throw new ApiError('REVIEW_NOT_PASSED', {
        message:
          clone.reviewStatus === 'rejected'
            ? 'The consent and rights review rejected this clone.'
            : 'The consent and rights review of this clone is still pending.',
      });
    }
    const recorded = await tx.$count(
      schema.voiceConsentRecordings,
      eq(schema.voiceConsentRecordings.voiceId, clone.id),
    );
    if (recorded === 0) throw new ApiError('CONSENT_RECORDING_MISSING');
    if (!isUnlocked(org)) throw new ApiError('ORG_NOT_FUNDED');
    const limit = effectiveLimits(org).live_clones;
    const live = await tx.$count(
      schema.voiceClones,
      and(
        eq(schema.voiceClones.orgId, orgId),
        eq(schema.voiceClones.kind, 'professional'),
        eq(schema.voiceClones.state, 'live'),
      ),
    );
    if (live >= limit) {
      throw new ApiError('LIVE_CLONE_LIMIT_REACHED', {
        message: `The organization has ${live} live professional clone(s) and its limit is ${limit}.`,
      });
    }
    const [row] = await tx
      .update(schema.voiceClones)
      .set({ state: 'live', promotedAt: now })
      .where(eq(schema.voiceClones.id, clone.id))
      .returning();
    if (actor) {
      await recordAudit(
        tx,
        {
          orgId,
          actor,
          action: 'voice.promote',
          target: { type: 'voice', id: clone.id },
          before: { state: 'draft' },
          after: { state: 'live' },
        },
        now,
      );
    }
    return row!;
  });
}
