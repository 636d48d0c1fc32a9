import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

// A hand-driven OAuth client for the authorization server's API tests: every step is a plain
// HTTP request, so each refusal can be checked where it happens.

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Cookies by name, as a browser would keep them for one origin. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export async function get(url: string, jar: CookieJar): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.take(response);
  return response;
}

export interface Client {
  clientId: string;
  redirectUri: string;
}

export async function registerClient(
  base: string,
  metadata: Record<string, unknown> = {},
): Promise<Client & { body: Record<string, unknown> }> {
  const redirectUri = `http://127.0.0.1:${40000 + Math.floor(Math.random() * 2000)}/callback`;
  const response = await fetch(`${base}/authorization/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test agent',
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...metadata,
    }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return {
    clientId: String(body.client_id),
    redirectUri: String((body.redirect_uris as string[])[0]),
    body,
  };
}

export interface AuthorizeOptions {
  base: string;
  client: Client;
  challenge: string;
  /** The approving member's session (tests/support/oauth-member.ts); unused by authorizeUrl. */
  cookie?: string;
  /** The organization they approve for. */
  orgId?: string;
  state?: string;
  scope?: string;
  /** Extra or replaced query parameters (`undefined` removes one). */
  params?: Record<string, string | undefined>;
  decision?: 'approve' | 'deny';
  grantWrite?: boolean;
}

export function authorizeUrl(options: AuthorizeOptions): string {
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: options.client.clientId,
    redirect_uri: options.client.redirectUri,
    scope: options.scope ?? 'mcp:read mcp:write',
    state: options.state ?? 'st-123',
    code_challenge: options.challenge,
    code_challenge_method: 'S256',
    resource: `${options.base}/v1/mcp`,
    ...options.params,
  };
  const url = new URL(`${options.base}/authorization/authorize`);
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** The consent page as the signed-in member sees it, with the form's CSRF token. */
export async function openConsent(
  options: AuthorizeOptions,
): Promise<{ jar: CookieJar; interactionUrl: string; html: string; csrf: string }> {
  const jar = new CookieJar();
  const start = await get(authorizeUrl(options), jar);
  expect(start.status, await start.clone().text()).toBe(303);
  const interactionUrl = new URL(start.headers.get('location')!, options.base).toString();
  const page = await fetch(interactionUrl, {
    redirect: 'manual',
    headers: { cookie: [jar.header(), options.cookie ?? ''].filter(Boolean).join('; ') },
  });
  jar.take(page);
  expect(page.status).toBe(200);
  const html = await page.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
  return { jar, interactionUrl, html, csrf };
}

/** Posts the consent form with the member's session; the answer before following it. */
export async function postConsent(
  options: AuthorizeOptions,
  consent: { jar: CookieJar; interactionUrl: string; csrf: string },
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new URLSearchParams({
    csrf: consent.csrf,
    decision: options.decision ?? 'approve',
    ...(options.orgId ? { org_id: options.orgId } : {}),
    ...fields,
  });
  if (options.grantWrite ?? true) form.set('grant_write', 'yes');
  const posted = await fetch(consent.interactionUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: [consent.jar.header(), options.cookie ?? ''].filter(Boolean).join('; '),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form,
  });
  consent.jar.take(posted);
  return posted;
}

/** Where the authorization server sends the browser in the end: the client's redirect URI. */
export async function authorize(options: AuthorizeOptions): Promise<URL> {
  const consent = await openConsent(options);
  const posted = await postConsent(options, consent);
  expect(posted.status, await posted.clone().text()).toBe(303);
  const resumed = await get(
    new URL(posted.headers.get('location')!, options.base).toString(),
    consent.jar,
  );
  expect(resumed.status, await resumed.clone().text()).toBe(303);
  return new URL(resumed.headers.get('location')!);
}

/** The member's consent with a fresh PKCE pair: the code the redirect carries and its verifier. */
export async function authorizeCode(
  options: Omit<AuthorizeOptions, 'challenge'>,
): Promise<{ redirect: URL; code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const redirect = await authorize({ ...options, challenge });
  expect(redirect.searchParams.get('error'), redirect.href).toBeNull();
  return { redirect, code: redirect.searchParams.get('code')!, verifier };
}

export interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

export async function tokenRequest(
  base: string,
  params: Record<string, string>,
): Promise<{ status: number; body: TokenResponse }> {
  const response = await fetch(`${base}/authorization/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: response.status, body: (await response.json()) as TokenResponse };
}

export function exchangeCode(base: string, client: Client, code: string, verifier: string) {
  return tokenRequest(base, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    resource: `${base}/v1/mcp`,
  });
}

/** The whole authorization code grant: consent, then the code redeemed for tokens (200). */
export async function codeGrant(options: Omit<AuthorizeOptions, 'challenge'>) {
  const granted = await authorizeCode(options);
  const tokens = await exchangeCode(options.base, options.client, granted.code, granted.verifier);
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  return { ...granted, ...tokens.body };
}

/** Redeems the code that a redirect back to the client carries. */
export const redeemRedirect = (base: string, client: Client, redirect: URL, verifier: string) =>
  exchangeCode(base, client, redirect.searchParams.get('code')!, verifier);

export function refresh(base: string, client: Client, refreshToken: string) {
  return tokenRequest(base, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
  });
}

export async function revoke(base: string, client: Client, token: string): Promise<number> {
  const response = await fetch(`${base}/authorization/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: client.clientId }),
  });
  return response.status;
}

/** A loopback server answering one JSON document (a Client ID Metadata Document). */
export async function serveDocument(
  build: (url: string) => Record<string, unknown>,
): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  let url = '';
  const server: Server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=600' });
    res.end(JSON.stringify(build(url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/client.json`;
  return {
    url,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A loopback page standing for the client's redirect URI: it answers every request with `html`. */
export async function serveRedirectTarget(
  path: string,
  html: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    // The browser keeps its connection open; end it so close does not wait for Chromium.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** tools/list on the tool server with a Bearer access token (200, or 401 invalid_token). */
export function toolsListWithToken(base: string, token: string): Promise<Response> {
  return fetch(`${base}/v1/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}
