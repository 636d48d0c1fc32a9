import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { invitationToken, readSignInMail, signIn, type AccountsServer } from './accounts-api';
import { signedInContext, type RunningBrowser } from './browser';

/** Signs up in the browser with the mailed code; the page ends on /console. Returns the org id. */
export async function signUpInBrowser(
  accounts: AccountsServer,
  page: Page,
  email: string,
  name: string,
): Promise<string> {
  const base = accounts.server.url;
  await page.goto(`${base}/sign-up`);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByRole('status').waitFor();
  const { code } = readSignInMail(await accounts.smtp.next(email));
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${base}/console`);
  return (await page.locator('[data-testid="org-row"] code').first().textContent())!;
}

/** A console route called from the page's own origin, with the context's session cookie. */
export const postFrom = (context: BrowserContext, base: string, path: string, data: unknown = {}) =>
  context.request.post(base + path, { data, headers: { origin: base } });

/** A new member of the org in a browser context of their own: invited by `owner`, accepted. */
export async function joinInBrowser(
  accounts: AccountsServer,
  chromium: RunningBrowser,
  owner: BrowserContext,
  orgId: string,
  role: 'admin' | 'developer' | 'viewer',
): Promise<BrowserContext> {
  const base = accounts.server.url;
  const email = `console-${role}-${Date.now()}@example.com`;
  const invited = await postFrom(owner, base, `/console/api/orgs/${orgId}/invitations`, {
    email,
    role,
  });
  expect(invited.status()).toBe(201);
  const token = await invitationToken(accounts, email);
  const member = await signedInContext(chromium, base, await signIn(accounts, email));
  const accepted = await postFrom(member, base, '/console/api/invitations/accept', { token });
  expect(accepted.status()).toBe(200);
  return member;
}
