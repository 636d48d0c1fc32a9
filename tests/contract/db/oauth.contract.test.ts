import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@/lib/adapters/db';
import { drizzleAdapterFactory } from '@/lib/tool-server/oauth/drizzle-adapter';
import { hashToken } from '@/lib/tool-server/oauth/hash-token';
import { verifyAccessTokenIn } from '@/lib/tool-server/oauth/verify-access-token';
import { createOrg } from '@/lib/composition/create-org';
import { revokeApiKey } from '@/lib/accounts/orgs/revoke-api-key';
import { databaseAdapters, type TestDatabase } from '../../support/databases';

// The authorization server's storage (oidc-provider's Adapter interface) on both databases, and
// the tool server's token check reading what it stored.
const now = new Date('2026-11-01T12:00:00Z');
const resource = 'http://api.test/v1/mcp';

describe.each(databaseAdapters)('OAuth storage on $name', (adapter) => {
  let handle: TestDatabase;
  let db: Db;
  let org: { orgId: string; keyId: string };
  let adapterFor: ReturnType<typeof drizzleAdapterFactory>;
  const documents: string[] = [];

  beforeAll(async () => {
    handle = await adapter.open();
    db = await handle.database.ready();
    org = await createOrg(db, { name: 'OAuth', startingCreditMicros: 0 }, now);
    adapterFor = drizzleAdapterFactory(
      async () => db,
      async (id) => {
        documents.push(id);
        return id.startsWith('https://')
          ? { client_id: id, redirect_uris: ['https://a/cb'] }
          : undefined;
      },
    );
  }, 30_000);
  afterAll(() => handle.dispose());

  const accessToken = (jti: string, grantId: string, extra: Record<string, unknown> = {}) => ({
    jti,
    kind: 'AccessToken',
    accountId: org.keyId,
    clientId: 'client-1',
    grantId,
    scope: 'mcp:read mcp:write',
    aud: resource,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...extra,
  });

  it('stores a token under its hash with org, client, scope and audience; finds it by value', async () => {
    const tokens = adapterFor('AccessToken');
    await tokens.upsert('tok-value-1', accessToken('tok-value-1', 'grant-1'), 3600);
    const [row] = await db.select().from(schema.oauthTokens);
    expect(row).toMatchObject({
      kind: 'AccessToken',
      idHash: hashToken('tok-value-1'),
      orgId: org.orgId,
      clientId: 'client-1',
      scope: 'mcp:read mcp:write',
      resource,
    });
    expect(JSON.stringify(row)).not.toContain('tok-value-1');
    expect(await tokens.find('tok-value-1')).toMatchObject({
      jti: 'tok-value-1',
      grantId: 'grant-1',
    });
    expect(await tokens.find('other')).toBeUndefined();
  });

  it('verifies an access token for its audience only, until it expires', async () => {
    await adapterFor('AccessToken').upsert(
      'tok-value-2',
      accessToken('tok-value-2', 'grant-2'),
      60,
    );
    expect(await verifyAccessTokenIn(db, 'tok-value-2', resource, new Date())).toMatchObject({
      orgId: org.orgId,
      clientId: 'client-1',
      scopes: ['mcp:read', 'mcp:write'],
      resource,
    });
    expect(
      await verifyAccessTokenIn(db, 'tok-value-2', 'http://api.test/v1/calls', new Date()),
    ).toBeNull();
    expect(
      await verifyAccessTokenIn(db, 'tok-value-2', resource, new Date(Date.now() + 61_000)),
    ).toBeNull();
    expect(await verifyAccessTokenIn(db, 'tok-value-unknown', resource, new Date())).toBeNull();
  });

  it('consumes a code once; a second consume revokes the grant and is invalid_grant', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert(
      'code-1',
      {
        jti: 'code-1',
        kind: 'AuthorizationCode',
        grantId: 'grant-3',
        accountId: org.keyId,
        clientId: 'client-1',
      },
      60,
    );
    await adapterFor('AccessToken').upsert(
      'tok-value-3',
      accessToken('tok-value-3', 'grant-3'),
      3600,
    );
    await codes.consume('code-1');
    expect((await codes.find('code-1'))?.consumed).toBeTypeOf('number');
    await expect(codes.consume('code-1')).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await codes.find('code-1')).toBeUndefined();
    expect(await verifyAccessTokenIn(db, 'tok-value-3', resource, new Date())).toBeNull();
  });

  it('revokes by grant id, and a revoked API key ends its tokens', async () => {
    await adapterFor('AccessToken').upsert(
      'tok-value-4',
      accessToken('tok-value-4', 'grant-4'),
      3600,
    );
    await adapterFor('AccessToken').upsert(
      'tok-value-5',
      accessToken('tok-value-5', 'grant-5'),
      3600,
    );
    await adapterFor('AccessToken').revokeByGrantId('grant-4');
    expect(await adapterFor('AccessToken').find('tok-value-4')).toBeUndefined();
    expect(await verifyAccessTokenIn(db, 'tok-value-5', resource, new Date())).not.toBeNull();
    await revokeApiKey(db, org.orgId, org.keyId, new Date());
    expect(await verifyAccessTokenIn(db, 'tok-value-5', resource, new Date())).toBeNull();
  });

  it('keeps grants and sessions with hashed ids; sessions are found by uid', async () => {
    const sessions = adapterFor('Session');
    await sessions.upsert(
      'session-cookie',
      { jti: 'session-cookie', uid: 'uid-1', kind: 'Session' },
      3600,
    );
    expect(await sessions.find('session-cookie')).toMatchObject({
      jti: 'session-cookie',
      uid: 'uid-1',
    });
    expect(await sessions.findByUid('uid-1')).toMatchObject({ uid: 'uid-1' });
    const [row] = await db.select().from(schema.oauthRecords);
    expect(row!.idHash).toBe(hashToken('session-cookie'));
  });

  it('stores DCR clients and resolves URL client ids as metadata documents, never stored', async () => {
    const clients = adapterFor('Client');
    await clients.upsert('dcr-1', { client_id: 'dcr-1', redirect_uris: ['https://b/cb'] });
    expect(await clients.find('dcr-1')).toMatchObject({ client_id: 'dcr-1' });
    expect(await clients.find('https://app.example/c.json')).toMatchObject({
      client_id: 'https://app.example/c.json',
    });
    expect(documents).toContain('https://app.example/c.json');
    expect(await db.select().from(schema.oauthClients)).toHaveLength(1);
  });

  it('an id the database cannot hold (NUL, a lone surrogate) names no client and no session', async () => {
    // Found by the outside fuzzer: client_id=%00 on the authorization endpoint was a 500.
    for (const id of ['a\u0000b', '\ud800']) {
      expect(await adapterFor('Client').find(id)).toBeUndefined();
      expect(await adapterFor('Session').findByUid(id)).toBeUndefined();
    }
  });
});
