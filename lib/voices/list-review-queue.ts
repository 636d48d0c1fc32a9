import { and, asc, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { renderClone } from './render-clone';

const QUEUE_LIMIT = 200;

/**
 * The operators' consent-and-rights review queue: professional drafts whose review is pending,
 * oldest first, each with what the studio recorded when it was made (the speaker named with the
 * consent tick, the consent statement's length, who uploaded it). A clone made through the REST
 * API has no consent record; the reviewer asks the organization.
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
    };
  });
}
