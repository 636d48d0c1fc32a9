import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/path-id';

/** Deletes the organization's clone (an instant clone's slot is free at once). */
export async function deleteClone(db: Db, orgId: string, voiceId: string): Promise<void> {
  const deleted = isUuid(voiceId)
    ? await db
        .delete(schema.voiceClones)
        .where(
          and(
            eq(schema.voiceClones.id, voiceId.toLowerCase()),
            eq(schema.voiceClones.orgId, orgId),
          ),
        )
        .returning({ id: schema.voiceClones.id })
    : [];
  if (deleted.length === 0) {
    throw new ApiError('VOICE_NOT_FOUND', {
      message: 'No clone of this organization has this id (catalogue voices cannot be deleted).',
    });
  }
}
