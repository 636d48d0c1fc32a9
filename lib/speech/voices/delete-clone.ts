import { and, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { isUuid } from '../../platform/http/path-id';

/** Deletes the organization's clone (an instant clone's slot is free at once); audited when `audit` is given. */
export async function deleteClone(
  db: Db,
  orgId: string,
  voiceId: string,
  audit?: { actor: AuditActor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = isUuid(voiceId)
      ? await tx
          .delete(schema.voiceClones)
          .where(
            and(
              eq(schema.voiceClones.id, voiceId.toLowerCase()),
              eq(schema.voiceClones.orgId, orgId),
            ),
          )
          .returning()
      : [];
    const row = deleted[0];
    if (!row) {
      throw new ApiError('VOICE_NOT_FOUND', {
        message: 'No clone of this organization has this id (catalogue voices cannot be deleted).',
      });
    }
    if (audit) {
      await recordAudit(
        tx,
        {
          orgId,
          actor: audit.actor,
          action: 'voice.delete',
          target: { type: 'voice', id: row.id },
          before: { name: row.name, kind: row.kind, state: row.state },
        },
        audit.now,
      );
    }
  });
}
