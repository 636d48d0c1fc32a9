import { and, eq, isNull } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import { bearerToken } from '../http/bearer-token';
import { schema, type Db } from '../db';
import { hashApiKey } from './api-key';

export interface AuthenticatedOrg {
  orgId: string;
  keyId: string;
}

/**
 * The organization behind `Authorization: Bearer <key>` or a bare key. `x-api-key` is never
 * read: the spec makes a request carrying only that header unauthenticated.
 */
export async function authenticateOrg(
  db: Db,
  authorization: string | null,
): Promise<AuthenticatedOrg> {
  const key = bearerToken(authorization, true);
  if (!key) throw unauthenticated();
  const [row] = await db
    .select({ orgId: schema.apiKeys.orgId, keyId: schema.apiKeys.id })
    .from(schema.apiKeys)
    .where(and(eq(schema.apiKeys.hash, hashApiKey(key)), isNull(schema.apiKeys.revokedAt)));
  if (!row) throw unauthenticated();
  return row;
}

const unauthenticated = () =>
  new ApiError('UNAUTHENTICATED', { headers: { 'WWW-Authenticate': 'Bearer' } });
