import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ApiError } from '../../platform/errors/api-error';
import { bearerToken } from '../../platform/http/bearer-token';
import { schema, type Db } from '../../adapters/db';
import {
  keyAllows,
  keyScopes,
  type KeyGrant,
  type MemberRole,
  type RouteAccess,
} from '../access/permissions';
import { hashApiKey } from './api-key';
import { touchApiKey } from './touch-api-key';

export interface AuthenticatedOrg extends KeyGrant {
  orgId: string;
  keyId: string;
  /**
   * The wallet as read with the key, in micro-dollars: a request that only needs "is the org
   * funded?" (a call dispatch) asks it here instead of with a second query.
   */
  balanceMicros: number;
  /** NULL: a key made before scopes existed (full access). */
  scopes: string[] | null;
  /** Its maker's role now: `owner` for a key with no maker (operator-issued or legacy). */
  makerRole: MemberRole;
  /** What a refund or dispute left owed; above 0, new calls and speech are refused. */
  owedMicros: number;
  /** The key's monthly spend cap (micro-dollars), read with the key; NULL: none. */
  spendCapMicros: number | null;
}

const columns = {
  orgId: schema.apiKeys.orgId,
  keyId: schema.apiKeys.id,
  balanceMicros: schema.organizations.balanceMicros,
  owedMicros: schema.organizations.owedMicros,
  scopes: schema.apiKeys.scopes,
  spendCapMicros: schema.apiKeys.spendCapMicros,
  expiresAt: schema.apiKeys.expiresAt,
  lastUsedAt: schema.apiKeys.lastUsedAt,
  createdBy: schema.apiKeys.createdBy,
  makerRole: schema.orgMembers.role,
};

// One statement per database, prepared once: on a Postgres server each pooled connection then
// parses and plans it once, not on every authenticated request.
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookups>>();

function prepareLookups(db: Db) {
  const base = () =>
    db
      .select(columns)
      .from(schema.apiKeys)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.apiKeys.orgId))
      // The maker's role now, read with the key: what the key may do is bounded by it.
      .leftJoin(
        schema.orgMembers,
        and(
          eq(schema.orgMembers.orgId, schema.apiKeys.orgId),
          eq(schema.orgMembers.userId, schema.apiKeys.createdBy),
        ),
      );
  return {
    current: base()
      .where(
        and(eq(schema.apiKeys.hash, sql.placeholder('hash')), isNull(schema.apiKeys.revokedAt)),
      )
      .prepare('authenticate_org'),
    // Only asked when the current secrets miss: the old secret of a key rotated with grace.
    previous: base()
      .where(
        and(
          eq(schema.apiKeys.previousHash, sql.placeholder('hash')),
          gt(schema.apiKeys.previousExpiresAt, sql`${sql.placeholder('now')}::timestamptz`),
          isNull(schema.apiKeys.revokedAt),
        ),
      )
      .prepare('authenticate_org_previous'),
  };
}

/**
 * The organization behind `Authorization: Bearer <key>` or a bare key. `x-api-key` is never
 * read: the spec makes a request carrying only that header unauthenticated. Expired, revoked and
 * rotated-out keys are unauthenticated; a use is recorded at most once a minute per key.
 */
export async function authenticateOrg(
  db: Db,
  authorization: string | null,
  ip: string | null = null,
): Promise<AuthenticatedOrg> {
  const key = bearerToken(authorization, true);
  if (!key) throw unauthenticated();
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookups(db)));
  const hash = hashApiKey(key);
  const nowMs = Date.now();
  let [row] = await lookup.current.execute({ hash });
  if (!row) [row] = await lookup.previous.execute({ hash, now: new Date(nowMs).toISOString() });
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= nowMs)) throw unauthenticated();
  // No maker: issued by the operator (or before makers were kept), the org's own full key. A
  // maker who is no longer a member took the key with them (removal revokes it; this is the net).
  const makerRole = row.createdBy === null ? 'owner' : row.makerRole;
  if (makerRole === null) throw unauthenticated();
  touchApiKey(db, row, ip, nowMs);
  return {
    orgId: row.orgId,
    keyId: row.keyId,
    balanceMicros: row.balanceMicros,
    owedMicros: row.owedMicros,
    scopes: row.scopes,
    makerRole,
    spendCapMicros: row.spendCapMicros,
  };
}

/**
 * The one place a key's rights are checked. 403 INSUFFICIENT_SCOPE naming the scope unless the key
 * carries it and its maker's role still allows it; 403 FORBIDDEN when the route's member action
 * (an owner-only setting) is beyond the maker's current role.
 */
export function requireScope(key: KeyGrant, { scope, action }: RouteAccess): void {
  if (keyAllows(key, scope, action)) return;
  if (action && keyAllows(key, scope))
    throw new ApiError('FORBIDDEN', {
      message: `This API key's maker (${key.makerRole}) may not ${action}; only a key made by a member whose role allows it can.`,
      hint: 'Use a key made by an owner of the organization.',
    });
  throw new ApiError('INSUFFICIENT_SCOPE', {
    message: `This API key lacks the scope "${scope}".`,
    hint: `Use a key with the ${scope} scope (create one in the console).`,
    field: scope,
  });
}

/** The tool-server scopes (mcp:read, mcp:write) a key may use now. */
export const keyMcpScopes = (key: KeyGrant): string[] =>
  keyScopes(key.scopes, key.makerRole).filter((scope) => scope.startsWith('mcp:'));

const unauthenticated = () =>
  new ApiError('UNAUTHENTICATED', { headers: { 'WWW-Authenticate': 'Bearer' } });
