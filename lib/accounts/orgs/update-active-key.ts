import { and, eq, isNull } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Executor } from '../../adapters/db';

/** Changes an org's key that is not revoked; NOT_FOUND when there is none with this id. */
export async function updateActiveKey(
  tx: Executor,
  orgId: string,
  keyId: string,
  changes: PgUpdateSetSource<typeof schema.apiKeys>,
): Promise<void> {
  const updated = await tx
    .update(schema.apiKeys)
    .set(changes)
    .where(
      and(
        eq(schema.apiKeys.id, keyId),
        eq(schema.apiKeys.orgId, orgId),
        isNull(schema.apiKeys.revokedAt),
      ),
    )
    .returning({ id: schema.apiKeys.id });
  if (updated.length === 0)
    throw new ApiError('NOT_FOUND', { message: 'No active key has this id.' });
}
