import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '../adapters/db';
import { ApiError } from '../platform/errors/api-error';

/** The finished WAV of a recorded call; 404 until there is one. */
export async function getRecordingWav(db: Db, callId: string): Promise<Buffer> {
  const [row] = await db
    .select({ data: schema.callAudio.data })
    .from(schema.callAudio)
    .where(and(eq(schema.callAudio.callId, callId), eq(schema.callAudio.seq, -1)));
  if (!row) throw new ApiError('NOT_FOUND', { message: 'This call has no recording.' });
  return row.data;
}
