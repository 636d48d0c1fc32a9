import { and, eq, isNotNull } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { revokeGrant } from './drizzle-adapter';

/**
 * Disconnects an OAuth client from an organization: every grant it holds there goes with all its
 * tokens (access, refresh, unused codes), so neither a call to the tool server nor a refresh works
 * afterwards. Grants the client holds for other organizations stay.
 */
export async function revokeConnectedApp(
  db: Db,
  orgId: string,
  clientId: string,
  actor: AuditActor,
  now: Date,
): Promise<{ grants: number }> {
  return db.transaction(async (tx) => {
    const t = schema.oauthTokens;
    const grants = await tx
      .selectDistinct({ grantId: t.grantId })
      .from(t)
      .where(and(eq(t.orgId, orgId), eq(t.clientId, clientId), isNotNull(t.grantId)));
    if (grants.length === 0)
      throw new ApiError('NOT_FOUND', {
        message: 'This application holds no access to the organization.',
      });
    for (const { grantId } of grants) await revokeGrant(tx, grantId!);
    await recordAudit(
      tx,
      {
        orgId,
        actor,
        action: 'oauth.revoke',
        target: { type: 'oauth_client', id: clientId },
        before: { grants: grants.length },
      },
      now,
    );
    return { grants: grants.length };
  });
}
