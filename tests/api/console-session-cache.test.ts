import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authPost,
  consoleFetch,
  firstOrgId,
  signIn,
  START,
  startAccountsServer,
  type AccountsServer,
} from '../support/accounts-api';
import { freshEmail } from '../support/org-team';

// The session's cookie cache (a signed copy of the session, one minute long) in front of the
// console's pages: what it saves is invisible, what it trades is here — a session ended from
// another device opens pages for up to a minute but cannot act; signing out, or ending this
// device's own session, clears the copy at once; a lapsed copy is renewed by the next page.
let accounts: AccountsServer;
let base: string;

beforeAll(async () => {
  accounts = await startAccountsServer();
  base = accounts.server.url;
});
afterAll(() => accounts?.dispose());

const DATA = 'better-auth.session_data';
const TOKEN = 'better-auth.session_token';

/** A cookie jar as a browser keeps it: Set-Cookie lines applied in order, Max-Age=0 removes. */
function apply(cookie: string, response: Response): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (/max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair.slice(pair.indexOf('=') + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

const without = (cookie: string, name: string) =>
  cookie
    .split('; ')
    .filter((pair) => !pair.startsWith(`${name}=`))
    .join('; ');

const page = (cookie: string, path: string) =>
  fetch(base + path, { headers: { cookie }, redirect: 'manual' });

/** The session token inside a session cookie (`token.signature`, URL-encoded). */
const tokenOf = (cookie: string) =>
  decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;

describe('the session cookie cache', () => {
  it('a session ended elsewhere opens pages for at most a minute and cannot act', async () => {
    accounts.clock.set(START);
    const email = freshEmail('cache');
    const laptop = await signIn(accounts, email);
    expect(laptop).toContain(`${DATA}=`);
    const orgId = await firstOrgId(base, laptop);
    const phone = await signIn(accounts, email);

    // From the phone, end the laptop's session.
    const ended = await authPost(
      base,
      '/auth/revoke-session',
      { token: tokenOf(laptop) },
      {
        cookie: phone,
      },
    );
    expect(ended.status).toBe(200);

    const calls = `/console/orgs/${orgId}/calls`;
    expect((await page(laptop, calls)).status).toBe(200);
    const acted = await consoleFetch(base, laptop, 'POST', `/console/api/orgs/${orgId}/keys`, {
      name: 'after the end',
      scopes: ['calls:read'],
    });
    expect(acted.status).toBe(401);

    accounts.clock.set(new Date(Date.parse(START) + 61_000).toISOString());
    const later = await page(laptop, calls);
    expect(later.status).toBe(307);
    expect(later.headers.get('location')).toContain('/sign-in');
    accounts.clock.set(START);
  });

  it('signing out, or ending this device’s own session, clears the copy at once', async () => {
    accounts.clock.set(START);
    const email = freshEmail('out');
    let browser = await signIn(accounts, email);
    const orgId = await firstOrgId(base, browser);
    browser = apply(browser, await authPost(base, '/auth/sign-out', {}, { cookie: browser }));
    expect(browser).not.toContain(DATA);
    expect((await page(browser, `/console/orgs/${orgId}/calls`)).status).toBe(307);

    let other = await signIn(accounts, email);
    other = apply(
      other,
      await authPost(base, '/auth/revoke-session', { token: tokenOf(other) }, { cookie: other }),
    );
    expect(other).not.toContain(DATA);
    expect((await page(other, `/console/orgs/${orgId}/calls`)).status).toBe(307);
  });

  it('renews a lapsed copy on the next console page, for that page and the minute after', async () => {
    accounts.clock.set(START);
    const signedIn = await signIn(accounts, freshEmail('renew'));
    const orgId = await firstOrgId(base, signedIn);
    // The browser dropped the copy after its minute; the session itself lives on.
    const lapsed = without(signedIn, DATA);
    const first = await page(lapsed, `/console/orgs/${orgId}/calls`);
    expect(first.status).toBe(200);
    const renewed = apply(lapsed, first);
    expect(renewed).toContain(`${DATA}=`);
    expect(renewed).toContain(`${TOKEN}=`);
    const next = await page(renewed, `/console/orgs/${orgId}/webhooks`);
    expect(next.status).toBe(200);
    // A fresh copy is not renewed again.
    expect(next.headers.getSetCookie().join()).not.toContain(DATA);
  });
});
