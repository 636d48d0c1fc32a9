import { request } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readSignInMail,
  signIn,
  startAccountsServer,
  type AccountsServer,
} from '../../support/accounts-api';
import { launchChromium, type RunningBrowser } from '../../support/browser';
import { orgOverviewUrl } from '../../support/console-browser';
import { freshEmail } from '../../support/org-team';

// Two ways a mailed sign-in went to someone else's host: a forged Host header put the attacker's
// host in the link, and `?next=` forms the browser reads as another host (tab, newline and
// backslash tricks) carried the signed-in browser away. In Chromium: the link in the mail is ours
// whatever Host the request named, and every bypass form of next ends on /console.

let accounts: AccountsServer;
let chromium: RunningBrowser;
let base: string;

beforeAll(async () => {
  [accounts, chromium] = await Promise.all([
    startAccountsServer({ TRUST_PROXY: 'false' }),
    launchChromium(),
  ]);
  base = accounts.server.url;
});
afterAll(async () => {
  await Promise.all([chromium?.close(), accounts?.dispose()]);
});

/** The sign-in code request as the attacker sends it: fetch() will not forge Host. */
function askForCode(email: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({ email, type: 'sign-in' });
  return new Promise((resolve, reject) => {
    request(
      new URL('/auth/email-otp/send-verification-otp', base),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    )
      .on('error', reject)
      .end(body);
  });
}

/** Signs in on /sign-in?next=… with the mailed code typed; resolves once the page has moved on. */
async function signInWithNext(page: Page, email: string, next: string): Promise<string> {
  await page.goto(`${base}/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByRole('status').waitFor();
  const { code } = readSignInMail(await accounts.smtp.next(email));
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Past /sign-in, and past /console on its way to the only organization's Overview.
  await page.waitForURL(
    (url) =>
      !url.pathname.startsWith('/sign-in') && !(url.origin === base && url.pathname === '/console'),
    { timeout: 15_000 },
  );
  return page.url();
}

describe('sign-in links in the browser', () => {
  it('signs in from a mailed link on our host, whatever Host the request named', async () => {
    const email = freshEmail('victim');
    await signIn(accounts, email); // the account exists
    expect(await askForCode(email, { host: 'evil.example' })).toBe(400);
    // Another name of ours (and a made-up proto): the link is still the listening origin's.
    const port = new URL(base).port;
    expect(await askForCode(email, { host: `localhost:${port}` })).toBe(200);
    const { link } = readSignInMail(await accounts.smtp.next(email));
    expect(new URL(link).origin).toBe(base);
    for (const mail of accounts.smtp.received) expect(mail.text).not.toContain('evil.example');

    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(orgOverviewUrl(base));
    expect(await page.getByTestId('user-email').textContent()).toContain(email);
    await context.close();
  });

  it('ends every bypass form of next on /console', async () => {
    // Five codes per address per 15 minutes (the clock stands still here): two addresses.
    const emails = [freshEmail('next'), freshEmail('next')];
    for (const email of emails) await signIn(accounts, email);
    const context = await chromium.newContext();
    // Nothing leaves the machine: any request to another host is answered here, and counted.
    const strays: string[] = [];
    await context.route(
      (url) => url.origin !== base,
      (route) => {
        strays.push(route.request().url());
        return route.fulfill({ status: 200, body: 'elsewhere' });
      },
    );
    const page = await context.newPage();
    const bypasses = [
      '/\t/evil.example/x',
      '/\n/evil.example',
      '/\\evil.example',
      '//evil.example',
    ];
    for (const [i, next] of bypasses.entries()) {
      const landed = await signInWithNext(page, emails[i % 2]!, next);
      // /console, which sends a person in one organization on to its Overview.
      expect(landed, JSON.stringify(next)).toMatch(orgOverviewUrl(base));
    }
    // A path of ours still works.
    expect(await signInWithNext(page, emails[1]!, '/console/device?user_code=BDFG-HJKL')).toBe(
      `${base}/console/device?user_code=BDFG-HJKL`,
    );
    expect(strays).toEqual([]);
    await context.close();
  });
});
