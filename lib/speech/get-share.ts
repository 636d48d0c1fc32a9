import { eq } from 'drizzle-orm';
import { schema, type Db } from '../adapters/db';
import { ApiError } from '../platform/errors/api-error';
import type { AudioFormat } from './audio-format';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function getShareOrThrow(db: Db, shareId: string) {
  if (!TOKEN.test(shareId)) throw new ApiError('NOT_FOUND');
  const [share] = await db
    .select()
    .from(schema.audioShares)
    .where(eq(schema.audioShares.id, shareId));
  if (!share) throw new ApiError('NOT_FOUND');
  return { ...share, format: share.audio as unknown as AudioFormat };
}
