import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AuthorizationServerMetadata } from '@/schemas/oauth';
import {
  authorize,
  authorizeUrl,
  codeGrant,
  CookieJar,
  get,
  pkce,
  registerClient,
  serveDocument,
} from '../support/oauth-client';
import { CIMD_OVER_LOOPBACK, ownerForFile, type OwnerStart } from '../support/oauth-member';

// Metadata, registration (DCR and Client ID Metadata Documents served by the test over loopback
// http, which OAUTH_CIMD_ALLOW_INSECURE_LOOPBACK allows) and every refusal of the authorization
// endpoint, each with its OAuth error.
let { server, org, cookie } = {} as OwnerStart;
ownerForFile('owner@authorize.test', CIMD_OVER_LOOPBACK, (started) => {
  ({ server, org, cookie } = started);
});

describe('metadata', () => {
  it('serves RFC 8414 metadata at the path-inserted well-known URL and the OpenID paths', async () => {
    const paths = [
      '/.well-known/oauth-authorization-server/authorization',
      '/.well-known/openid-configuration/authorization',
      '/authorization/.well-known/openid-configuration',
    ];
    for (const path of paths) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = AuthorizationServerMetadata.parse(await response.json());
      const as = `${server.url}/authorization`;
      expect(body).toMatchObject({
        issuer: as,
        authorization_endpoint: `${as}/authorize`,
        token_endpoint: `${as}/token`,
        registration_endpoint: `${as}/register`,
        revocation_endpoint: `${as}/revoke`,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
        client_id_metadata_document_supported: true,
        authorization_response_iss_parameter_supported: true,
      });
      expect(body.grant_types_supported).toEqual(
        expect.arrayContaining(['authorization_code', 'refresh_token']),
      );
      expect(body.token_endpoint_auth_methods_supported).toContain('none');
      // The tool server takes Bearer tokens only: no DPoP-bound tokens are offered.
      expect(body).not.toHaveProperty('dpop_signing_alg_values_supported');
      expect(body.scopes_supported).toEqual(
        expect.arrayContaining(['mcp:read', 'mcp:write', 'offline_access']),
      );
    }
  });

  it('keeps its issuer where the server listens, whatever Host and X-Forwarded-Proto say', async () => {
    // fetch() may not set Host: a plain node:http request does, as a forger would.
    const text = await new Promise<string>((resolve, reject) => {
      const url = new URL(`${server.url}/.well-known/oauth-authorization-server/authorization`);
      const headers = { host: 'api.example.test', 'x-forwarded-proto': 'https' };
      request(url, { headers }, (res) => {
        let data = '';
        res.on('data', (chunk: Buffer) => (data += chunk.toString()));
        res.on('end', () => resolve(data));
      })
        .on('error', reject)
        .end();
    });
    const body = AuthorizationServerMetadata.parse(JSON.parse(text));
    expect(body.issuer).toBe(`${server.url}/authorization`);
    expect(body.token_endpoint).toBe(`${server.url}/authorization/token`);
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  it('registers a public client and refuses bad metadata with invalid_redirect_uri', async () => {
    const { body } = await registerClient(server.url, { client_name: 'Agent X' });
    expect(body).toMatchObject({ client_name: 'Agent X', token_endpoint_auth_method: 'none' });
    expect(body.client_secret).toBeUndefined();
    const bad = await fetch(`${server.url}/authorization/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['not a url'] }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_redirect_uri');
  });

  it('refuses a client without redirect_uris, even one that asks for no response types', async () => {
    // Found by the outside fuzzer: `response_types: []` got past the library's own check and a
    // client that can never complete an authorization was registered (201, redirect_uris []).
    for (const metadata of [
      {},
      { response_types: [] },
      { redirect_uris: [], response_types: [] },
    ]) {
      const refused = await fetch(`${server.url}/authorization/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'No way back', ...metadata }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_redirect_uri');
    }
  });

  it('refuses metadata Postgres cannot store (a NUL, an unpaired surrogate) with a 400, not a 500', async () => {
    // Found by the outside fuzzer: a NUL in client_name reached the insert and failed there.
    for (const metadata of [
      { client_name: 'Agent\u0000X' },
      { client_name: 'Agent \ud800' },
      { client_uri: 'https://agent.example/\u0000' },
    ]) {
      const refused = await fetch(`${server.url}/authorization/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:5555/cb'], ...metadata }),
      });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: string; error_description: string };
      expect(body.error).toBe('invalid_client_metadata');
      expect(body.error_description).toContain(Object.keys(metadata)[0]);
    }
  });
});

describe('authorization endpoint refusals', () => {
  it('an unregistered redirect URI is refused on our own page, never redirected to', async () => {
    const client = await registerClient(server.url);
    const url = authorizeUrl({
      base: server.url,
      client: { ...client, redirectUri: 'https://evil.example/callback' },
      challenge: pkce().challenge,
    });
    const response = await get(url, new CookieJar());
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('invalid_redirect_uri');
    expect(html).not.toContain('evil.example/callback?');
  });

  it('an unknown client is refused on our page with invalid_client', async () => {
    const url = authorizeUrl({
      base: server.url,
      client: { clientId: 'no-such-client', redirectUri: 'http://127.0.0.1:9/cb' },
      challenge: pkce().challenge,
    });
    const response = await get(url, new CookieJar());
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('invalid_client');
  });

  const refusedAtRedirect = async (params: Record<string, string | undefined>) => {
    const client = await registerClient(server.url);
    const response = await get(
      authorizeUrl({
        base: server.url,
        client,
        challenge: pkce().challenge,
        params,
      }),
      new CookieJar(),
    );
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.get('iss')).toBe(`${server.url}/authorization`);
    return location.searchParams.get('error');
  };

  it('another resource is invalid_target', async () => {
    expect(await refusedAtRedirect({ resource: `${server.url}/v1/calls` })).toBe('invalid_target');
    expect(await refusedAtRedirect({ resource: 'https://other.example/mcp' })).toBe(
      'invalid_target',
    );
  });

  it('PKCE is required, S256 only', async () => {
    expect(
      await refusedAtRedirect({ code_challenge: undefined, code_challenge_method: undefined }),
    ).toBe('invalid_request');
    expect(await refusedAtRedirect({ code_challenge_method: 'plain' })).toBe('invalid_request');
  });

  it('denial (even signed out) returns access_denied with state and iss', async () => {
    const client = await registerClient(server.url);
    const redirect = await authorize({
      base: server.url,
      client,
      challenge: pkce().challenge,
      decision: 'deny',
    });
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('st-123');
    expect(redirect.searchParams.get('iss')).toBe(`${server.url}/authorization`);
    expect(redirect.searchParams.get('code')).toBeNull();
  });
});

describe('consent form', () => {
  async function openConsent() {
    const client = await registerClient(server.url, { client_name: 'Consent <b>test</b>' });
    const jar = new CookieJar();
    const start = await get(
      authorizeUrl({ base: server.url, client, challenge: pkce().challenge }),
      jar,
    );
    const url = new URL(start.headers.get('location')!, server.url).toString();
    const page = await get(url, jar);
    const html = await page.text();
    return { url, jar, page, html, csrf: /name="csrf" value="([^"]+)"/.exec(html)![1]! };
  }
  /** Posted by the signed-in member unless `member` is false. */
  const post = (
    url: string,
    jar: CookieJar,
    form: Record<string, string>,
    headers = {},
    member = true,
  ) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: [jar.header(), member ? cookie : ''].filter(Boolean).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      body: new URLSearchParams(form),
    });

  it('names the client (escaped) and the redirect host, and cannot be framed', async () => {
    const { page, html } = await openConsent();
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).toContain('Consent &lt;b&gt;test&lt;/b&gt;');
    expect(html).toMatch(/id="redirect-host">127\.0\.0\.1:\d+</);
    expect(html).toContain('mcp:read');
    expect(html).toContain('mcp:write');
  });

  it('refuses a post without the CSRF token, from another origin, or without its cookie', async () => {
    const { url, jar, csrf } = await openConsent();
    const form = { org_id: org.orgId, decision: 'approve' };
    expect((await post(url, jar, form)).status).toBe(403);
    expect(
      (await post(url, jar, { ...form, csrf }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await post(url, new CookieJar(), { ...form, csrf })).status).toBe(400);
    // The genuine form still works afterwards.
    expect((await post(url, jar, { ...form, csrf })).status).toBe(303);
  });

  it('signed out, offers sign-in that comes back here, and refuses an approval', async () => {
    const { url, jar, html, csrf } = await openConsent();
    const path = new URL(url).pathname;
    expect(html).toContain(`href="/sign-in?next=${encodeURIComponent(path)}"`);
    expect(html).toContain('Sign in to continue');
    expect(html).not.toContain('name="org_id"');
    const response = await post(
      url,
      jar,
      { csrf, org_id: org.orgId, decision: 'approve' },
      {},
      false,
    );
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Sign in to approve');
  });
});

describe('client ID metadata documents', () => {
  it('a client whose id is its document URL completes the flow, the document fetched once', async () => {
    const redirectUri = 'http://127.0.0.1:45123/callback';
    const doc = await serveDocument((url) => ({
      client_id: url,
      client_name: 'Document client',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }));
    try {
      const client = { clientId: doc.url, redirectUri };
      const tokens = await codeGrant({ base: server.url, client, cookie, orgId: org.orgId });
      expect(tokens.refresh_token).toBeTruthy();
      expect(doc.hits()).toBe(1);

      // Its redirect URIs bind it: any other is refused on our page.
      const other = await get(
        authorizeUrl({
          base: server.url,
          client: { ...client, redirectUri: 'http://127.0.0.1:45124/cb' },
          challenge: pkce().challenge,
        }),
        new CookieJar(),
      );
      expect(other.status).toBe(400);
      expect(await other.text()).toContain('invalid_redirect_uri');
    } finally {
      await doc.close();
    }
  });

  it('a document whose client_id is not its URL is invalid_client', async () => {
    const doc = await serveDocument(() => ({
      client_id: 'https://someone-else.example/client.json',
      redirect_uris: ['http://127.0.0.1:45125/callback'],
    }));
    try {
      const response = await get(
        authorizeUrl({
          base: server.url,
          client: { clientId: doc.url, redirectUri: 'http://127.0.0.1:45125/callback' },
          challenge: pkce().challenge,
        }),
        new CookieJar(),
      );
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('invalid_client');
      expect(html).toContain('client_id is not the URL');
    } finally {
      await doc.close();
    }
  });

  it('a document URL on a private (non-loopback) address is invalid_client', async () => {
    for (const clientId of [
      'https://169.254.169.254/latest/client.json',
      'https://10.1.2.3/client.json',
    ]) {
      const response = await get(
        authorizeUrl({
          base: server.url,
          client: { clientId, redirectUri: 'http://127.0.0.1:45126/cb' },
          challenge: pkce().challenge,
        }),
        new CookieJar(),
      );
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('invalid_client');
      expect(html).toMatch(/private|not allowed|link-local/);
    }
  });
});
