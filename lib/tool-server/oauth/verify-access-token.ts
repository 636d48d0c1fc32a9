import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { rolesAllowing } from '../../accounts';
import { getDb, schema, type Db } from '../../adapters/db';
import { MCP_SCOPES } from './constants';
import { hashToken } from './hash-token';

export interface McpTokenGrant {
  orgId: string;
  clientId: string;
  scopes: string[];
  resource: string;
  expiresAt: number /* unix seconds */;
}

/**
 * null when the token is unknown, expired, revoked, of another audience, or the member who
 * approved it left the org or lost the role to (or, for older grants, the approving key was revoked).
 */
export async function verifyAccessToken(
  token: string,
  expectedResource: string,
): Promise<McpTokenGrant | null> {
  return verifyAccessTokenIn(await getDb(), token, expectedResource, new Date());
}

/**
 * Reads the token's row directly (no authorization-server instance needed, so a Next route can
 * call it): revoked tokens and every token of a revoked grant are deleted rows; the joins drop
 * tokens whose approving member (grant-account.ts) or API key no longer qualifies.
 */
export async function verifyAccessTokenIn(
  db: Db,
  token: string,
  expectedResource: string,
  now: Date,
): Promise<McpTokenGrant | null> {
  if (!token || token.length > 512) return null;
  const t = schema.oauthTokens;
  const [row] = await db
    .select({
      orgId: t.orgId,
      clientId: t.clientId,
      scope: t.scope,
      resource: t.resource,
      expiresAt: t.expiresAt,
    })
    .from(t)
    .leftJoin(
      schema.apiKeys,
      and(eq(schema.apiKeys.id, t.accountId), isNull(schema.apiKeys.revokedAt)),
    )
    .leftJoin(
      schema.orgMembers,
      and(
        eq(schema.orgMembers.orgId, t.orgId),
        eq(
          t.accountId,
          sql`'member:' || ${schema.orgMembers.orgId} || ':' || ${schema.orgMembers.userId}`,
        ),
      ),
    )
    .where(
      and(
        eq(t.kind, 'AccessToken'),
        eq(t.idHash, hashToken(token)),
        or(
          isNotNull(schema.apiKeys.id),
          inArray(schema.orgMembers.role, rolesAllowing('oauth.approve')),
        ),
      ),
    );
  if (!row || !row.orgId || !row.clientId || row.resource !== expectedResource) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  const known = new Set<string>(MCP_SCOPES);
  return {
    orgId: row.orgId,
    clientId: row.clientId,
    scopes: (row.scope ?? '').split(' ').filter((scope) => known.has(scope)),
    resource: row.resource,
    expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
  };
}
