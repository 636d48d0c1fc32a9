import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { readSignInMail, type AccountsServer } from './accounts-api';
import { screenshot, type RunningBrowser } from './browser';

/** axe (serious and critical) on the page in the light and the dark scheme, with screenshots. */
export async function axeClean(target: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await target.emulateMedia({ colorScheme });
    await target.waitForLoadState('load');
    // After a client-side navigation Next sets the new title a moment later.
    await target.waitForFunction(() => document.title.length > 0);
    const { violations } = await new AxeBuilder({ page: target }).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious, `${name} (${colorScheme})`).toEqual([]);
    await screenshot(target, `${name}-${colorScheme}`, 'desktop');
  }
  await target.emulateMedia({ colorScheme: 'light' });
}

/** A console route called from the page's own origin, with the context's session cookie. */
export const consolePost = (
  context: BrowserContext,
  base: string,
  path: string,
  data: unknown = {},
) => context.request.post(base + path, { data, headers: { origin: base } });

/** Signs a new person up in the browser with the mailed code; returns their first org's id. */
export async function signUpInBrowser(
  page: Page,
  accounts: AccountsServer,
  name: string,
  email: string,
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

/** A browser context signed in with a session cookie header got outside the browser. */
export async function contextWithCookie(
  chromium: RunningBrowser,
  base: string,
  cookie: string,
): Promise<BrowserContext> {
  const context = await chromium.newContext();
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
  return context;
}
