import { describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  codeGrant,
  CookieJar,
  get,
  pkce,
  registerClient,
  serveDocument,
  type Client,
} from '../support/oauth-client';
import { CIMD_OVER_LOOPBACK, ownerForFile, type OwnerStart } from '../support/oauth-member';

// What outside clients met (issue 21): a request without `scope` (the conformance runner's
// code-grant scenario sends none) and loopback redirect URIs whose port the app picks at run
// time (RFC 8252 §7.3), for registered (DCR) and metadata-document (CIMD) clients alike.
let { server, org, cookie } = {} as OwnerStart;
ownerForFile('owner@interop.test', CIMD_OVER_LOOPBACK, (started) => {
  ({ server, org, cookie } = started);
});

/** The first answer of the authorization endpoint: 303 to our consent page, or 400 refused. */
async function startAuthorization(client: Client, params: Record<string, string | undefined> = {}) {
  const jar = new CookieJar();
  const url = authorizeUrl({
    base: server.url,
    client,
    challenge: pkce().challenge,
    params,
  });
  const response = await get(url, jar);
  return { response, jar, html: response.status === 200 ? '' : await response.text() };
}

async function codeScope(client: Client, params: Record<string, string | undefined>) {
  return (await codeGrant({ base: server.url, client, cookie, orgId: org.orgId, params })).scope;
}

describe('a request without scope', () => {
  it("gets the client's registered scope", async () => {
    const client = await registerClient(server.url, { scope: 'mcp:read' });
    expect(await codeScope(client, { scope: undefined })).toBe('mcp:read');
  });

  it('gets mcp:read mcp:write when the client registered none', async () => {
    const client = await registerClient(server.url);
    expect(await codeScope(client, { scope: undefined })).toBe('mcp:read mcp:write');
  });

  it('the consent page says the permissions were filled in, and lists them', async () => {
    const client = await registerClient(server.url, { scope: 'mcp:read mcp:write' });
    const { response, jar } = await startAuthorization(client, { scope: undefined });
    expect(response.status).toBe(303);
    const page = await get(new URL(response.headers.get('location')!, server.url).href, jar);
    const html = await page.text();
    expect(html).toContain('did not say which permissions it needs');
    expect(html).toContain('<code>mcp:write</code>');
    expect(html).not.toContain('No tool-server permissions');
  });

  it('a request naming its scope is not marked as defaulted, even if it sends the marker', async () => {
    const client = await registerClient(server.url);
    const { response, jar } = await startAuthorization(client, {
      scope: 'mcp:read',
      x_scope_defaulted: 'true',
    });
    const page = await get(new URL(response.headers.get('location')!, server.url).href, jar);
    const html = await page.text();
    expect(html).not.toContain('did not say which permissions');
    expect(html).not.toContain('<code>mcp:write</code>');
  });
});

describe('loopback redirect ports (RFC 8252 §7.3)', () => {
  const withPort = (uri: string, port: number) => {
    const url = new URL(uri);
    url.port = String(port);
    return url.href;
  };

  for (const host of ['127.0.0.1', '[::1]']) {
    it(`a DCR client registered with http://${host}/callback may use any port`, async () => {
      const registered = `http://${host}/callback`;
      const client = await registerClient(server.url, { redirect_uris: [registered] });
      const used = { ...client, redirectUri: withPort(registered, 3198) };
      expect(await codeScope(used, {})).toBe('mcp:read mcp:write');
      // The path still has to match.
      const other = await startAuthorization({ ...used, redirectUri: `http://${host}:3198/other` });
      expect(other.response.status).toBe(400);
      expect(other.html).toContain('invalid_redirect_uri');
    });
  }

  it('localhost stays exact', async () => {
    const client = await registerClient(server.url, {
      redirect_uris: ['http://localhost:4100/callback'],
    });
    const other = await startAuthorization({
      ...client,
      redirectUri: 'http://localhost:4101/callback',
    });
    expect(other.response.status).toBe(400);
    expect(other.html).toContain('invalid_redirect_uri');
    const same = await startAuthorization(client);
    expect(same.response.status).toBe(303);
  });

  it('a metadata-document client listing http://127.0.0.1/callback may use port 3198', async () => {
    const doc = await serveDocument((url) => ({
      client_id: url,
      client_name: 'Loopback document client',
      redirect_uris: ['http://127.0.0.1/callback'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }));
    try {
      const client = { clientId: doc.url, redirectUri: 'http://127.0.0.1:3198/callback' };
      expect(await codeScope(client, {})).toBe('mcp:read mcp:write');
    } finally {
      await doc.close();
    }
  });
});
