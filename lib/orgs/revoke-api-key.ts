import { and, eq, isNull } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import { schema, type Db } from '../db';

export async function revokeApiKey(db: Db, orgId: string, keyId: string, now: Date): Promise<void> {
  const revoked = await db
    .update(schema.apiKeys)
    .set({ revokedAt: now })
    .where(
      and(
        eq(schema.apiKeys.id, keyId),
        eq(schema.apiKeys.orgId, orgId),
        isNull(schema.apiKeys.revokedAt),
      ),
    )
    .returning({ id: schema.apiKeys.id });
  if (revoked.length === 0)
    throw new ApiError('NOT_FOUND', { message: 'No active key has this id.' });
}
