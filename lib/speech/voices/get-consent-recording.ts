import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { isUuid } from '../../platform/http/path-id';

/**
 * The WAV of a professional clone's recorded consent statement: the organization's own (its
 * members' player) or, with no `orgId`, any organization's (the operators' review). 404 when the
 * clone has none, or is another organization's.
 */
export async function getConsentRecording(
  db: Db,
  voiceId: string,
  orgId?: string,
): Promise<Buffer> {
  const r = schema.voiceConsentRecordings;
  const [row] = isUuid(voiceId)
    ? await db
        .select({ data: r.data })
        .from(r)
        .where(and(eq(r.voiceId, voiceId.toLowerCase()), orgId ? eq(r.orgId, orgId) : undefined))
    : [];
  if (!row)
    throw new ApiError('NOT_FOUND', { message: 'This voice has no recorded consent statement.' });
  return row.data;
}
