import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, schema, type Database, type Db } from '@/lib/adapters/db';
import { hashToken } from '@/lib/tool-server/oauth/hash-token';
import { verifyAccessTokenIn } from '@/lib/tool-server/oauth/verify-access-token';
import {
  authorizeCode,
  codeGrant,
  exchangeCode,
  pkce,
  refresh,
  registerClient,
  revoke,
  toolsListWithToken,
  type Client,
} from '../support/oauth-client';
import { startWithOwner } from '../support/oauth-member';
import { type TestOrg, type VoiceServer } from '../support/voice-api';

// The authorization server over HTTP, driven step by step: DCR, authorize with PKCE, the consent
// form (a signed-in member approving for their org), tokens, refresh rotation and revocation; tokens are checked with the tool server's own
// verifier (verifyAccessToken) on the same database.
let server: VoiceServer;
let org: TestOrg;
let cookie: string;
let database: Database;
let db: Db;
let mcp: string;

beforeAll(async () => {
  ({ server, org, cookie } = await startWithOwner('owner@flow.test'));
  database = createPostgresDatabase(server.databaseUrl);
  db = await database.ready();
  mcp = `${server.url}/v1/mcp`;
});
afterAll(async () => {
  await database?.close();
  await server?.dispose();
});

const verify = (token: string, resource = mcp) =>
  verifyAccessTokenIn(db, token, resource, new Date());

const grantTokens = (client: Client, options: { grantWrite?: boolean } = {}) =>
  codeGrant({ base: server.url, client, cookie, orgId: org.orgId, ...options });

/** Consent for `client` by the signed-in owner: the code and its verifier, not yet redeemed. */
const codeFor = (client: Client, params?: Record<string, string | undefined>) =>
  authorizeCode({ base: server.url, client, cookie, orgId: org.orgId, params });

describe('authorization code flow', () => {
  it('issues opaque tokens bound to the tool server, stored hashed, with state and iss returned', async () => {
    const client = await registerClient(server.url);
    const { redirect, access_token, refresh_token, token_type, scope, expires_in } =
      await grantTokens(client);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(client.redirectUri);
    expect(redirect.searchParams.get('state')).toBe('st-123');
    expect(redirect.searchParams.get('iss')).toBe(`${server.url}/authorization`);
    expect(token_type).toBe('Bearer');
    expect(scope).toBe('mcp:read mcp:write');
    expect(expires_in).toBeLessThanOrEqual(3600);
    expect(access_token).toBeTruthy();
    expect(refresh_token).toBeTruthy();

    const grant = await verify(access_token!);
    expect(grant).toMatchObject({
      orgId: org.orgId,
      clientId: client.clientId,
      scopes: ['mcp:read', 'mcp:write'],
      resource: mcp,
    });
    expect(grant!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3000);
    // Another audience (RFC 8707): the same token is worthless there.
    expect(await verify(access_token!, `${server.url}/v1/calls`)).toBeNull();

    const dump = JSON.stringify(
      await db.execute(
        sql`SELECT * FROM oauth_tokens UNION ALL SELECT kind, id_hash, grant_id, NULL, NULL, NULL, NULL, NULL, payload, expires_at, consumed_at FROM oauth_records`,
      ),
    );
    expect(dump).not.toContain(access_token!);
    expect(dump).not.toContain(refresh_token!);
  });

  it('refuses the access token on every other route with 401', async () => {
    const client = await registerClient(server.url);
    const { access_token } = await grantTokens(client);
    for (const [path, init] of [
      ['/v1/calls', {}],
      [
        '/v1/calls',
        { method: 'POST', body: JSON.stringify({ phone_number: '+14155550123', task: 'Hi.' }) },
      ],
      ['/v2/tts', { method: 'POST', body: JSON.stringify({ text: 'hello' }) }],
    ] as const) {
      const response = await fetch(server.url + path, {
        ...init,
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      });
      expect(response.status, path).toBe(401);
    }
  });

  it('grants read only when the person unticks mcp:write', async () => {
    const client = await registerClient(server.url);
    const { access_token, scope } = await grantTokens(client, { grantWrite: false });
    expect(scope).toBe('mcp:read');
    expect((await verify(access_token!))?.scopes).toEqual(['mcp:read']);
  });

  it('assumes the tool server when the client names no resource', async () => {
    const client = await registerClient(server.url);
    const { code, verifier } = await codeFor(client, { resource: undefined });
    const tokens = await exchangeCode(server.url, client, code, verifier);
    expect(tokens.status).toBe(200);
    expect((await verify(tokens.body.access_token!))?.resource).toBe(mcp);
  });
});

describe('refusals at the token endpoint', () => {
  it('a reused code is refused and revokes the tokens it issued', async () => {
    const client = await registerClient(server.url);
    const first = await grantTokens(client);
    const again = await exchangeCode(server.url, client, first.code, first.verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(await verify(first.access_token!)).toBeNull();
    const refreshed = await refresh(server.url, client, first.refresh_token!);
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('a wrong PKCE verifier is invalid_grant', async () => {
    const client = await registerClient(server.url);
    const { code } = await codeFor(client);
    const tokens = await exchangeCode(server.url, client, code, pkce().verifier);
    expect(tokens.status).toBe(400);
    expect(tokens.body.error).toBe('invalid_grant');
  });

  it('a code lives at most 60 s, and an expired one is invalid_grant', async () => {
    const client = await registerClient(server.url);
    const { code, verifier } = await codeFor(client);
    const [row] = await db
      .select({ expiresAt: schema.oauthTokens.expiresAt })
      .from(schema.oauthTokens)
      .where(
        and(
          eq(schema.oauthTokens.kind, 'AuthorizationCode'),
          eq(schema.oauthTokens.clientId, client.clientId),
        ),
      );
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    await db.execute(
      sql`UPDATE oauth_tokens SET payload = jsonb_set(payload, '{exp}', to_jsonb(extract(epoch FROM now())::int - 1)) WHERE kind = 'AuthorizationCode' AND client_id = ${client.clientId}`,
    );
    const tokens = await exchangeCode(server.url, client, code, verifier);
    expect(tokens.body.error).toBe('invalid_grant');
  });

  it('a code is bound to its client and its redirect URI', async () => {
    const client = await registerClient(server.url);
    const other = await registerClient(server.url);
    const { code, verifier } = await codeFor(client);
    const wrongClient = await exchangeCode(
      server.url,
      { ...other, redirectUri: client.redirectUri },
      code,
      verifier,
    );
    expect(wrongClient.body.error).toBe('invalid_grant');
    const wrongRedirect = await exchangeCode(
      server.url,
      { ...client, redirectUri: `${client.redirectUri}x` },
      code,
      verifier,
    );
    expect(wrongRedirect.body.error).toBe('invalid_grant');
  });

  it('an unknown client is invalid_client', async () => {
    const tokens = await exchangeCode(
      server.url,
      { clientId: 'no-such-client', redirectUri: 'http://127.0.0.1:1/cb' },
      'x',
      pkce().verifier,
    );
    expect(tokens.status).toBe(401);
    expect(tokens.body.error).toBe('invalid_client');
  });

  it('an expired access token no longer verifies', async () => {
    const client = await registerClient(server.url);
    const { access_token } = await grantTokens(client);
    expect(await verify(access_token!)).not.toBeNull();
    await db.execute(
      sql`UPDATE oauth_tokens SET expires_at = now() - interval '1 second' WHERE kind = 'AccessToken' AND client_id = ${client.clientId}`,
    );
    expect(await verify(access_token!)).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; a replayed one revokes the whole family', async () => {
    const client = await registerClient(server.url);
    const first = await grantTokens(client);
    const second = await refresh(server.url, client, first.refresh_token!);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).toBeTruthy();
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(await verify(second.body.access_token!)).not.toBeNull();

    const replay = await refresh(server.url, client, first.refresh_token!);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect(await verify(second.body.access_token!)).toBeNull();
    expect(await verify(first.access_token!)).toBeNull();
    expect((await refresh(server.url, client, second.body.refresh_token!)).body.error).toBe(
      'invalid_grant',
    );
  });
});

describe('revocation', () => {
  it('revoking an access token ends it and the refresh tokens of its grant (RFC 7009)', async () => {
    const client = await registerClient(server.url);
    const { access_token, refresh_token } = await grantTokens(client);
    expect(await revoke(server.url, client, access_token!)).toBe(200);
    expect(await verify(access_token!)).toBeNull();
    // oidc-provider revokes every token of the grant with it: the client must ask again.
    expect((await refresh(server.url, client, refresh_token!)).body.error).toBe('invalid_grant');
  });

  it('revoking a refresh token ends the grant and its access tokens', async () => {
    const client = await registerClient(server.url);
    const { access_token, refresh_token } = await grantTokens(client);
    expect(await revoke(server.url, client, refresh_token!)).toBe(200);
    expect(await verify(access_token!)).toBeNull();
    expect((await refresh(server.url, client, refresh_token!)).body.error).toBe('invalid_grant');
  });
});

describe('the tool server', () => {
  const toolsList = (token: string) => toolsListWithToken(server.url, token);

  it('accepts a granted token and answers expired, revoked and other-audience tokens 401 invalid_token', async () => {
    const client = await registerClient(server.url);
    const expired = await grantTokens(client);
    const revoked = await grantTokens(client);
    const moved = await grantTokens(client);
    expect((await toolsList(expired.access_token!)).status).toBe(200);

    await db
      .update(schema.oauthTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.oauthTokens.grantId, await grantIdOf(expired.access_token!)));
    expect(await revoke(server.url, client, revoked.access_token!)).toBe(200);
    await db
      .update(schema.oauthTokens)
      .set({ resource: `${server.url}/v1/other` })
      .where(eq(schema.oauthTokens.grantId, await grantIdOf(moved.access_token!)));

    for (const token of [expired.access_token!, revoked.access_token!, moved.access_token!]) {
      const response = await toolsList(token);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });
});

async function grantIdOf(token: string): Promise<string> {
  const [row] = await db
    .select({ grantId: schema.oauthTokens.grantId })
    .from(schema.oauthTokens)
    .where(eq(schema.oauthTokens.idHash, hashToken(token)));
  return row!.grantId!;
}
