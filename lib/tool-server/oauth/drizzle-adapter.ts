import { and, eq, isNull, lt } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { schema, type Db, type Executor } from '../../adapters/db';
import type { OAuthPayload } from '../../adapters/db/schema/oauth';
import { grantAccountOrg } from './grant-account-org';
import { hashToken } from './hash-token';
import { storable } from '@/schemas/text';

/** Models whose id is a bearer credential: kept in `oauth_tokens` with their org, scope and audience. */
const TOKEN_KINDS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'RegistrationAccessToken',
]);
/** Models whose reuse must be caught atomically: a second consumer revokes the grant. */
const CONSUMABLE = new Set(['AuthorizationCode', 'RefreshToken']);
const DEFAULT_TTL_S = 14 * 24 * 3600;

export type ClientResolver = (id: string) => Promise<AdapterPayload | undefined>;

function stripId(payload: AdapterPayload): OAuthPayload {
  const { jti: _jti, ...rest } = payload as AdapterPayload & { jti?: string };
  return rest as OAuthPayload;
}

function restore(
  id: string,
  row: { payload: OAuthPayload; consumedAt: Date | null } | undefined,
): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = { ...row.payload, jti: id } as AdapterPayload;
  if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
  return payload;
}

const str = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * oidc-provider's storage on our database. Every id is stored as its SHA-256 (the raw value is the
 * token the client holds), restored from the caller's argument on the way out. Clients registered
 * by DCR live in `oauth_clients`; a client id that is a URL is a metadata document, resolved by
 * `resolveDocument` and never stored.
 */
export function drizzleAdapterFactory(getDb: () => Promise<Db>, resolveDocument: ClientResolver) {
  return (name: string): Adapter => {
    if (name === 'Client') return clientAdapter(getDb, resolveDocument);
    return TOKEN_KINDS.has(name) ? tokenAdapter(name, getDb) : recordAdapter(name, getDb);
  };
}

function clientAdapter(getDb: () => Promise<Db>, resolveDocument: ClientResolver): Adapter {
  const t = schema.oauthClients;
  return {
    async upsert(id, payload) {
      const db = await getDb();
      await db
        .insert(t)
        .values({ id, metadata: payload as OAuthPayload, createdAt: new Date() })
        .onConflictDoUpdate({ target: t.id, set: { metadata: payload as OAuthPayload } });
    },
    async find(id) {
      // A client_id from the query string may hold what Postgres refuses even in a lookup.
      if (!storable(id)) return undefined;
      const db = await getDb();
      const [row] = await db.select().from(t).where(eq(t.id, id));
      if (row) return row.metadata as AdapterPayload;
      return resolveDocument(id);
    },
    async destroy(id) {
      const db = await getDb();
      await db.delete(t).where(eq(t.id, id));
    },
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
    consume: async () => undefined,
    revokeByGrantId: async () => undefined,
  };
}

function tokenAdapter(kind: string, getDb: () => Promise<Db>): Adapter {
  const t = schema.oauthTokens;
  const key = (id: string) => and(eq(t.kind, kind), eq(t.idHash, hashToken(id)));
  return {
    async upsert(id, payload, expiresIn) {
      const db = await getDb();
      const accountId = str(payload.accountId);
      // The org is read once here so verification needs no second lookup to name it.
      const orgId = accountId ? await grantAccountOrg(db, accountId) : null;
      const values = {
        kind,
        idHash: hashToken(id),
        grantId: str(payload.grantId),
        accountId,
        orgId,
        clientId: str(payload.clientId),
        scope: str(payload.scope),
        resource: str(payload.aud) ?? str(payload.resource),
        payload: stripId(payload),
        expiresAt: new Date(Date.now() + (expiresIn ?? DEFAULT_TTL_S) * 1000),
      };
      await db
        .insert(t)
        .values(values)
        .onConflictDoUpdate({ target: [t.kind, t.idHash], set: values });
    },
    async find(id) {
      const db = await getDb();
      const [row] = await db
        .select({ payload: t.payload, consumedAt: t.consumedAt })
        .from(t)
        .where(key(id));
      return restore(id, row);
    },
    async consume(id) {
      const db = await getDb();
      const consumed = await db
        .update(t)
        .set({ consumedAt: new Date() })
        .where(and(key(id), isNull(t.consumedAt)))
        .returning({ grantId: t.grantId });
      if (consumed.length > 0 || !CONSUMABLE.has(kind)) return;
      // Two exchanges of one code (or one refresh token) raced: the library checked `consumed`
      // before either wrote it. The loser is a replay, so everything the grant issued goes.
      const [row] = await db.select({ grantId: t.grantId }).from(t).where(key(id));
      if (row?.grantId) await revokeGrant(db, row.grantId);
      throw new errors.InvalidGrant(
        `${kind === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`,
      );
    },
    async destroy(id) {
      const db = await getDb();
      await db.delete(t).where(key(id));
    },
    async revokeByGrantId(grantId) {
      const db = await getDb();
      await db.delete(t).where(and(eq(t.kind, kind), eq(t.grantId, grantId)));
    },
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
  };
}

function recordAdapter(kind: string, getDb: () => Promise<Db>): Adapter {
  const t = schema.oauthRecords;
  const key = (id: string) => and(eq(t.kind, kind), eq(t.idHash, hashToken(id)));
  return {
    async upsert(id, payload, expiresIn) {
      const db = await getDb();
      const values = {
        kind,
        idHash: hashToken(id),
        grantId: str(payload.grantId),
        uid: str(payload.uid),
        payload: stripId(payload),
        expiresAt: new Date(Date.now() + (expiresIn ?? DEFAULT_TTL_S) * 1000),
      };
      await db
        .insert(t)
        .values(values)
        .onConflictDoUpdate({ target: [t.kind, t.idHash], set: values });
      // A new grant is rare (one per consent): a good moment to drop what has expired.
      if (kind === 'Grant') await deleteExpired(db, new Date());
    },
    async find(id) {
      const db = await getDb();
      const [row] = await db
        .select({ payload: t.payload, consumedAt: t.consumedAt })
        .from(t)
        .where(key(id));
      return restore(id, row);
    },
    async findByUid(uid) {
      if (!storable(uid)) return undefined;
      const db = await getDb();
      const [row] = await db
        .select({ payload: t.payload, consumedAt: t.consumedAt })
        .from(t)
        .where(and(eq(t.kind, kind), eq(t.uid, uid)));
      // Sessions are found by uid only to be compared, never saved back: their id (the cookie
      // value, which only its hash stands for here) is not needed.
      return restore('', row);
    },
    async consume(id) {
      const db = await getDb();
      await db.update(t).set({ consumedAt: new Date() }).where(key(id));
    },
    async destroy(id) {
      const db = await getDb();
      await db.delete(t).where(key(id));
    },
    async revokeByGrantId(grantId) {
      const db = await getDb();
      await db.delete(t).where(and(eq(t.kind, kind), eq(t.grantId, grantId)));
    },
    findByUserCode: async () => undefined,
  };
}

/** Deletes every token and record of a grant (reuse of a code or of a rotated refresh token). */
export async function revokeGrant(db: Executor, grantId: string): Promise<void> {
  await db.delete(schema.oauthTokens).where(eq(schema.oauthTokens.grantId, grantId));
  await db.delete(schema.oauthRecords).where(eq(schema.oauthRecords.grantId, grantId));
  await db
    .delete(schema.oauthRecords)
    .where(
      and(
        eq(schema.oauthRecords.kind, 'Grant'),
        eq(schema.oauthRecords.idHash, hashToken(grantId)),
      ),
    );
}

async function deleteExpired(db: Db, now: Date): Promise<void> {
  await db.delete(schema.oauthTokens).where(lt(schema.oauthTokens.expiresAt, now));
  await db.delete(schema.oauthRecords).where(lt(schema.oauthRecords.expiresAt, now));
}
