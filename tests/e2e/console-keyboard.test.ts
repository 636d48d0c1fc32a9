import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserConsoleForSuite, type BrowserConsole } from '../support/console-browser';
import { freshEmail } from '../support/org-team';

// The console with the keyboard alone, in Chromium (issue 35's keyboard-only review): on every
// page, Tab reaches each control a mouse could use, in order, each with a visible focus ring, and
// leaves the page again (no trap); dialogs open with Enter, hold focus, and Escape returns it.
let { base, page, orgId } = {} as BrowserConsole;

browserConsoleForSuite(freshEmail('keyboard-owner'), 'Kim Keys', (started) => {
  ({ base, page, orgId } = started);
});

interface Stop {
  id: string;
  name: string;
  ring: boolean;
}

/**
 * Presses Tab from the top of the page until focus leaves it (back to the page itself) or comes
 * round to the first stop; returns each stop, named for a failure message.
 */
async function tabThrough(on: Page): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < 400; i++) {
    await on.keyboard.press('Tab');
    const stop = await on.evaluate((n) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      el.dataset.kbdStop ??= String(n);
      const style = getComputedStyle(el);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadowed = style.boxShadow !== 'none';
      const label =
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.getAttribute('name') ??
        el.textContent ??
        '';
      const name = `${el.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`;
      return { id: el.dataset.kbdStop, name, ring: outlined || shadowed };
    }, i);
    if (!stop || stop.id === stops[0]?.id) break;
    stops.push(stop);
  }
  return stops;
}

/** Controls a mouse could use that Tab never reached, named. */
const missed = (on: Page) =>
  on.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]',
      ),
    ]
      .filter(
        (el) =>
          el.checkVisibility() &&
          !(el as HTMLButtonElement).disabled &&
          el.tabIndex >= 0 &&
          !el.closest('[inert]') &&
          // One radio of a group is a stop; arrows move within it.
          !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) &&
          el.dataset.kbdStop === undefined,
      )
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`),
  );

describe('the console with the keyboard alone', () => {
  it('reaches every control of every page in turn, each with a visible focus ring', async () => {
    const pages = [
      '',
      '/calls',
      '/batches',
      '/agents',
      '/numbers',
      '/voices',
      '/members',
      '/keys',
      '/billing',
      '/billing/auto-top-up',
      '/limits',
      '/rules',
      '/webhooks',
      '/audit',
      '/settings',
      '/connected-apps',
    ].map((path) => `/console/orgs/${orgId}${path}`);
    const problems: string[] = [];
    for (const path of [...pages, '/console/account']) {
      // Lists that load after the page (sessions, keys) are in place before the first Tab.
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const stops = await tabThrough(page);
      if (stops.length < 5) problems.push(`${path}: only ${stops.length} stops`);
      for (const stop of stops.filter((s) => !s.ring))
        problems.push(`${path}: no visible focus ring on ${stop.name}`);
      for (const name of await missed(page)) problems.push(`${path}: Tab never reached ${name}`);
    }
    expect(problems).toEqual([]);
  });

  it('creates a key in its dialog, and Escape closes a dialog back onto its button', async () => {
    await page.goto(`${base}/console/orgs/${orgId}/keys`);
    const create = page.getByRole('button', { name: 'Create key' });
    await create.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Focus moved into the dialog, and Tab never lands behind it (the page behind is inert; past
    // the last control, focus may rest on the document before it comes round again).
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(
        await dialog.evaluate(
          (d) => d.contains(document.activeElement) || document.activeElement === document.body,
        ),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await create.evaluate((b) => b === document.activeElement)).toBe(true);

    // The whole creation by keyboard: name typed, Enter submits, the secret is shown once.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.type('keyboard key');
    await page.keyboard.press('Enter');
    const secret = page.getByTestId('new-secret').locator('code');
    await secret.waitFor();
    expect(await secret.textContent()).toMatch(/^vai_sk_/);
  });
});
