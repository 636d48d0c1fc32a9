import type { APIResponse, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { invitationToken, readSignInMail, signIn, type AccountsServer } from './accounts-api';
import { launchChromium, signedInContext, type RunningBrowser } from './browser';
import { startConsoleServer } from './console-api';
import { startForSuite } from './start-for-suite';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * Where sign-in lands on `base` for a person in one organization: /console sends them on to that
 * organization's Overview.
 */
export const orgOverviewUrl = (base: string): RegExp =>
  new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/console/orgs/[0-9a-f-]{36}$`);

/**
 * Signs up in the browser with the mailed code; the page ends on the new organization's Overview
 * (its only one). Returns the org id.
 */
export async function signUpInBrowser(
  accounts: AccountsServer,
  page: Page,
  email: string,
  name: string,
): Promise<string> {
  await signUpWithCode(accounts, page, email, { name });
  return /\/console\/orgs\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
}

/**
 * The sign-up form filled and the mailed code typed in, until the page is in the console. `base` is
 * another name of the server where a test needs one (passkeys refuse an IP address).
 */
export async function signUpWithCode(
  accounts: AccountsServer,
  page: Page,
  email: string,
  { name, base = accounts.server.url }: { name?: string; base?: string } = {},
): Promise<void> {
  await page.goto(`${base}/sign-up`);
  if (name !== undefined) await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByRole('status').waitFor();
  const { code } = readSignInMail(await accounts.smtp.next(email));
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(orgOverviewUrl(base));
}

/**
 * A new owner signed up in the browser (their page left on /console) and a calls key they made in
 * the console, as a customer starts.
 */
export async function ownerWithKey(
  accounts: AccountsServer,
  chromium: RunningBrowser,
  email: string,
  name: string,
): Promise<{ owner: BrowserContext; page: Page; orgId: string; apiKey: string }> {
  const owner = await chromium.newContext();
  const page = await owner.newPage();
  const orgId = await signUpInBrowser(accounts, page, email, name);
  const key = await postFrom(owner, accounts.server.url, `/console/api/orgs/${orgId}/keys`, {
    name: 'browser test',
    scopes: ['calls:read', 'calls:write'],
  });
  expect(key.status()).toBe(201);
  return { owner, page, orgId, apiKey: ((await key.json()) as { api_key: string }).api_key };
}

/** A page with `context`'s session in a phone-wide window (`width` × 800); close its context. */
export async function narrowPage(
  chromium: RunningBrowser,
  context: BrowserContext,
  width = 375,
): Promise<Page> {
  const narrow = await chromium.browser.newContext({
    viewport: { width, height: 800 },
    storageState: await context.storageState(),
  });
  return narrow.newPage();
}

/** A forged request from a member whose role may not: 403 with the FORBIDDEN code. */
export async function expectForbidden(response: APIResponse): Promise<void> {
  expect(response.status()).toBe(403);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
}

/** Opens a console page as a member does: from the org's calls page, by its Console menu link. */
export async function openFromMenu(
  page: Page,
  base: string,
  orgId: string,
  link: string,
): Promise<void> {
  await page.goto(`${base}/console/orgs/${orgId}/calls`);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link }).click();
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

export interface BrowserConsole {
  accounts: AccountsServer;
  chromium: RunningBrowser;
  hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  base: string;
  owner: BrowserContext;
  /** The owner's page, left on /console after sign-up. */
  page: Page;
  orgId: string;
  apiKey: string;
}

/**
 * The console e2e suites' start, before their tests (closed after them): the console server,
 * Chromium and a webhook receiver, then an owner signed up in the browser with a key
 * (ownerWithKey), handed to `ready`.
 */
export function browserConsoleForSuite(
  email: string,
  name: string,
  ready: (started: BrowserConsole) => void,
  /** The server's environment beside the console server's own (startConsoleServer). */
  env: Record<string, string> = {},
): void {
  const start = async (): Promise<BrowserConsole> => {
    const [accounts, chromium, hooks] = await Promise.all([
      startConsoleServer(env),
      launchChromium(),
      startWebhookReceiver(),
    ]);
    const owner = await ownerWithKey(accounts, chromium, email, name);
    return { accounts, chromium, hooks, base: accounts.server.url, ...owner };
  };
  const dispose = (started: BrowserConsole) =>
    Promise.all([started.chromium.close(), started.accounts.dispose(), started.hooks.close()]);
  startForSuite(start, dispose, ready);
}
