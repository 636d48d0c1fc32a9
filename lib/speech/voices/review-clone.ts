import { eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { isUuid } from '../../platform/http/path-id';
import type { CloneRow } from './render-clone';

/** Admin: records the consent-and-rights review of a clone (a later review replaces it). */
export async function reviewClone(
  db: Db,
  voiceId: string,
  review: { approved: boolean; note?: string | null },
  now: Date,
): Promise<CloneRow> {
  const [row] = isUuid(voiceId)
    ? await db
        .update(schema.voiceClones)
        .set({
          reviewStatus: review.approved ? 'approved' : 'rejected',
          reviewNote: review.note ?? null,
          reviewedAt: now,
        })
        .where(eq(schema.voiceClones.id, voiceId.toLowerCase()))
        .returning()
    : [];
  if (!row) throw new ApiError('VOICE_NOT_FOUND', { message: 'No clone has this id.' });
  return row;
}
