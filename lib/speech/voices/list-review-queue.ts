import { and, asc, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { renderClone } from './render-clone';

const QUEUE_LIMIT = 200;

/**
 * The operators' consent-and-rights review queue: professional drafts whose review is pending,
 * oldest first, each with what the studio recorded when it was made (the speaker named with the
 * consent tick, the consent statement's length, who uploaded it) and where to hear the recorded
 * statement (`consent_recording`, null when the draft has none: it cannot be promoted). A clone made
 * through the REST API has no consent tick on record; the reviewer asks the organization.
 */
export async function listReviewQueue(db: Db) {
  const v = schema.voiceClones;
  const rows = await db
    .select()
    .from(v)
    .where(and(eq(v.kind, 'professional'), eq(v.state, 'draft'), eq(v.reviewStatus, 'pending')))
    .orderBy(asc(v.createdAt), asc(v.id))
    .limit(QUEUE_LIMIT);
  const a = schema.auditLog;
  const made =
    rows.length === 0
      ? []
      : await db
          .select({
            targetId: a.targetId,
            actorType: a.actorType,
            actorId: a.actorId,
            after: a.after,
          })
          .from(a)
          .where(
            and(
              eq(a.action, 'voice.clone'),
              inArray(
                a.targetId,
                rows.map((r) => r.id),
              ),
            ),
          );
  const byVoice = new Map(made.map((m) => [m.targetId, m]));
  const r = schema.voiceConsentRecordings;
  const recorded =
    rows.length === 0
      ? []
      : await db
          .select({ voiceId: r.voiceId, seconds: r.seconds })
          .from(r)
          .where(
            inArray(
              r.voiceId,
              rows.map((row) => row.id),
            ),
          );
  const recordingOf = new Map(recorded.map((rec) => [rec.voiceId, rec.seconds]));
  return rows.map((row) => {
    const record = byVoice.get(row.id);
    const after = (record?.after ?? {}) as Record<string, unknown>;
    return {
      org_id: row.orgId,
      voice: renderClone(row),
      made_by: record ? { type: record.actorType, id: record.actorId } : null,
      consent:
        typeof after.consent_speaker === 'string'
          ? {
              speaker: after.consent_speaker,
              statement_seconds:
                typeof after.consent_statement_seconds === 'number'
                  ? after.consent_statement_seconds
                  : null,
            }
          : null,
      consent_recording: recordingOf.has(row.id)
        ? {
            seconds: recordingOf.get(row.id)!,
            url: `/internal/voices/${row.id}/consent-recording`,
          }
        : null,
    };
  });
}
