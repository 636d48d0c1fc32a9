import { expect } from 'vitest';
import { createClockFile, FIXED_CLOCK_PRELOAD, type ClockFile } from './clock-file';
import { nextIp } from './leads-api';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './smtp-receiver';
import { startVoiceServer, type VoiceServer } from './voice-api';

export interface AccountsServer {
  server: VoiceServer;
  smtp: SmtpReceiver;
  clock: ClockFile;
  dispose(): Promise<void>;
}

export const START = '2026-03-02T10:00:00.000Z';

/** A built server on a fresh database, mail going to a real SMTP server in process, its clock ours. */
export async function startAccountsServer(
  env: Record<string, string> = {},
): Promise<AccountsServer> {
  const smtp = await startSmtpReceiver();
  const clock = createClockFile(START);
  const server = await startVoiceServer({
    preload: [FIXED_CLOCK_PRELOAD],
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Voice AI <login@voice.test>',
      TRUST_PROXY: 'true',
      ...clock.env,
      ...env,
    },
  });
  return {
    server,
    smtp,
    clock,
    dispose: async () => {
      await server.dispose();
      await smtp.close();
    },
  };
}

/** POST to /auth/* as a browser on the site would (Origin set; cookies when signed in). */
export function authPost(
  base: string,
  path: string,
  body: unknown,
  options: { ip?: string; cookie?: string } = {},
): Promise<Response> {
  return fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      'x-forwarded-for': options.ip ?? nextIp(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The code and link of a sign-in message. */
export function readSignInMail(mail: ReceivedMail): { code: string; link: string } {
  const code = /code is (\d{6})/.exec(mail.text)?.[1];
  const link = /(https?:\/\/\S+\/sign-in\/verify\?\S+)/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  expect(link, mail.text).toBeDefined();
  return { code: code!, link: link! };
}

/** The cookies a response sets, as one Cookie header value. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Signs `email` in (signing up when new) through the real mail; returns the session cookie. */
export async function signIn(
  accounts: AccountsServer,
  email: string,
  name?: string,
): Promise<string> {
  const base = accounts.server.url;
  const ip = nextIp();
  const sent = await authPost(
    base,
    '/auth/email-otp/send-verification-otp',
    { email, type: 'sign-in' },
    { ip },
  );
  expect(sent.status).toBe(200);
  const { code } = readSignInMail(await accounts.smtp.next(email));
  const verified = await authPost(
    base,
    '/auth/sign-in/email-otp',
    { email, otp: code, ...(name ? { name } : {}) },
    { ip },
  );
  expect(verified.status).toBe(200);
  return cookieHeader(verified);
}

/** A request whose body, when there is one, is sent as JSON. */
function withJsonBody(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Response> {
  if (body === undefined) return fetch(url, { method, headers });
  return fetch(url, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A console route called by a signed-in member's browser (cookie and same-origin Origin). */
export function consoleFetch(
  base: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return withJsonBody(base + path, method, { cookie, origin: base }, body);
}

/** The id of the first organization the console lists for this session (the personal one). */
export async function firstOrgId(base: string, cookie: string): Promise<string> {
  // The list itself (/console alone sends a person with one organization on to its Overview).
  const html = await (await fetch(`${base}/console?list`, { headers: { cookie } })).text();
  const id = /<code>([0-9a-f-]{36})<\/code>/.exec(html)?.[1];
  expect(id, 'console lists an organization').toBeDefined();
  return id!;
}

/** The token of the newest invitation mailed to `email`. */
export async function invitationToken(accounts: AccountsServer, email: string): Promise<string> {
  const mail = await accounts.smtp.next(email);
  const token = /invitations\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeDefined();
  return token!;
}

/** A key made in the console by a signed-in member, shown once (checked to be `vai_sk_…`). */
export async function createConsoleKey(
  base: string,
  cookie: string,
  orgId: string,
  scopes: string[],
  extra: Record<string, unknown> = {},
): Promise<{ key_id: string; api_key: string }> {
  const response = await consoleFetch(base, cookie, 'POST', `/console/api/orgs/${orgId}/keys`, {
    name: `key ${scopes.length}`,
    scopes,
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const body = (await response.json()) as { key_id: string; api_key: string };
  expect(body.api_key).toMatch(/^vai_sk_[A-Za-z0-9_-]{43}$/);
  return body;
}

/** A request with an API key, from a fixed client IP (last use records it). */
export function fetchWithKey(
  base: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers = { authorization: `Bearer ${key}`, 'x-forwarded-for': '203.0.113.9' };
  return withJsonBody(base + path, method, headers, body);
}

/** A member signed in to their personal org: its id, and key helpers bound to it. */
export async function signInToOwnOrg(accounts: AccountsServer, email: string) {
  const base = accounts.server.url;
  const cookie = await signIn(accounts, email);
  const orgId = await firstOrgId(base, cookie);
  return {
    cookie,
    orgId,
    createKey: (scopes: string[], extra?: Record<string, unknown>) =>
      createConsoleKey(base, cookie, orgId, scopes, extra),
    withKey: (key: string, method: string, path: string, body?: unknown) =>
      fetchWithKey(base, key, method, path, body),
  };
}
export type OwnOrg = Awaited<ReturnType<typeof signInToOwnOrg>>;

/**
 * The accounts suites' start: a server (with `env`), its clock at `clock` when given, and a new
 * member (`<prefix>-<time>@example.com`) signed in to their personal org.
 */
export async function startWithOwnOrg(
  prefix: string,
  options: { env?: Record<string, string>; clock?: string } = {},
) {
  const accounts = await startAccountsServer(options.env);
  if (options.clock) accounts.clock.set(options.clock);
  const own = await signInToOwnOrg(accounts, `${prefix}-${Date.now()}@example.com`);
  return { accounts, base: accounts.server.url, ...own };
}
export type OwnOrgServer = Awaited<ReturnType<typeof startWithOwnOrg>>;
