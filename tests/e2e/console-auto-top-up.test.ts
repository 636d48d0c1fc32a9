import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOrgId, signIn, type AccountsServer } from '../support/accounts-api';
import { launchChromium, screenshot, type RunningBrowser } from '../support/browser';
import { startConsoleServer } from '../support/console-api';
import { eventually } from '../support/leads-api';
import { orgDetail } from '../support/voice-api';

// The owner's auto top-up page in Chromium, on the sandbox (no Stripe account): labelled as a
// sandbox card; saving while the balance is under the threshold asks first and saves nothing
// until confirmed; then the sandbox card recharges the wallet once.
let accounts: AccountsServer;
let chromium: RunningBrowser;

beforeAll(async () => {
  [accounts, chromium] = await Promise.all([startConsoleServer(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([chromium?.close(), accounts?.dispose()]);
});

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('the auto top-up page', () => {
  it('asks before a save that charges now, then the sandbox card recharges once', async () => {
    const base = accounts.server.url;
    const cookie = await signIn(accounts, `auto-owner-${Date.now()}@example.com`, 'Ada Owner');
    const orgId = await firstOrgId(base, cookie);
    const context = await chromium.newContext();
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${base}/console/orgs/${orgId}/billing/auto-top-up`);
    expect(await page.getByTestId('sandbox-card').textContent()).toMatch(
      /Sandbox card — no money moves/,
    );
    expect(await page.getByTestId('auto-top-up-state').textContent()).toBe('off');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Recharge automatically').check();
    await page.getByLabel('When the balance falls under (USD, at least 1)').fill('5');
    await page.getByLabel('Add (USD, at least 5)').fill('7.5');
    await page.getByLabel('Never more than this a month (USD, required)').fill('30');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByTestId('confirm-charge');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(
      /balance \(\$1\.00\) is under the threshold \(\$5\.00\): saving charges \$7\.50/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'auto-top-up-confirm', 'desktop');
    // Nothing saved, nothing charged while the question is open.
    expect((await orgDetail(base, orgId)).wallet.balance_usd).toBe(1);

    await page.getByRole('button', { name: 'Save and charge now' }).click();
    await page.getByText('Saved.').waitFor();
    await eventually(async () =>
      (await orgDetail(base, orgId)).wallet.balance_usd === 8.5 ? true : undefined,
    );
    await page.reload();
    expect(await page.getByTestId('auto-top-up-state').textContent()).toBe('on');
    expect(await page.getByTestId('auto-top-up-balance').textContent()).toMatch(/\$8\.50/);
    const rows = page.getByTestId('auto-top-up-attempt');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/\$7\.50.*succeeded/);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
