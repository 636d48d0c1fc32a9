import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { ApiError } from '../http/api-error';
import { schema, type Db } from '../db';

/** Revoking is immediate: the current secret and any old one still in grace stop working. */
export async function revokeApiKey(
  db: Db,
  orgId: string,
  keyId: string,
  now: Date,
  actor: AuditActor = { type: 'admin', id: null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await tx
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
    await recordAudit(
      tx,
      { orgId, actor, action: 'key.revoke', target: { type: 'api_key', id: keyId } },
      now,
    );
  });
}
