import { and, eq, isNull, sql } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import { bearerToken } from '../http/bearer-token';
import { schema, type Db } from '../db';
import { hashApiKey } from './api-key';

export interface AuthenticatedOrg {
  orgId: string;
  keyId: string;
  /**
   * The wallet as read with the key, in micro-dollars: a request that only needs "is the org
   * funded?" (a call dispatch) asks it here instead of with a second query.
   */
  balanceMicros: number;
  /** What a refund or dispute left owed; above 0, new calls and speech are refused. */
  owedMicros: number;
}

// One statement per database, prepared once: on a Postgres server each pooled connection then
// parses and plans it once, not on every authenticated request.
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({
      orgId: schema.apiKeys.orgId,
      keyId: schema.apiKeys.id,
      balanceMicros: schema.organizations.balanceMicros,
      owedMicros: schema.organizations.owedMicros,
    })
    .from(schema.apiKeys)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.apiKeys.orgId))
    .where(and(eq(schema.apiKeys.hash, sql.placeholder('hash')), isNull(schema.apiKeys.revokedAt)))
    .prepare('authenticate_org');
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
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.execute({ hash: hashApiKey(key) });
  if (!row) throw unauthenticated();
  return row;
}

const unauthenticated = () =>
  new ApiError('UNAUTHENTICATED', { headers: { 'WWW-Authenticate': 'Bearer' } });
