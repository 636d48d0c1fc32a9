import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import { expectAxeClean, expectNoSidewaysScroll } from '../support/browser';

import {
  expectForbidden,
  joinInBrowser,
  narrowPage,
  openFromMenu,
  browserConsoleForSuite,
  type BrowserConsole,
  postFrom,
} from '../support/console-browser';
import { dispatch, TASK, waitForEnd } from '../support/voice-api';

// The console's Usage and billing page in Chromium: a new owner places a call, sees the day's
// spend in the chart's table, adds $5 through the sandbox checkout and comes back to a higher
// balance and concurrency limit, downloads the ledger; a viewer gets no "Add funds" and a forged
// top-up from a viewer is refused.
let { accounts, chromium, base, owner, page, orgId, apiKey } = {} as BrowserConsole;
let billing: string;

const dollars = (text: string | null) => Number(text!.replace(/[$,]/g, ''));

browserConsoleForSuite(`billing-owner-${Date.now()}@example.com`, 'Bea Owner', (started) => {
  ({ accounts, chromium, base, owner, page, orgId, apiKey } = started);
  billing = `${base}/console/orgs/${orgId}/billing`;
});

describe('the Usage and billing page', () => {
  it('starts empty, then lists the day’s call spend in the table below the chart', async () => {
    await openFromMenu(page, base, orgId, 'Usage and billing');
    await page.waitForURL(billing);
    await page.getByTestId('spend-empty').waitFor();
    expect(await page.getByTestId('balance').textContent()).toBe('$1.00');
    expect(
      await page
        .getByRole('link', { name: 'Auto top-up and low-balance alerts' })
        .getAttribute('href'),
    ).toBe(`/console/orgs/${orgId}/billing/auto-top-up`);

    const call = await waitForEnd(
      base,
      apiKey,
      await dispatch(base, apiKey, { phone_number: '+14155550123', task: TASK }),
    );
    expect(call.price).toBeGreaterThan(0);
    await page.reload();
    await page.getByText('The same figures as a table').click();
    const today = new Date().toISOString().slice(0, 10);
    const row = page.getByTestId('spend-row').filter({ hasText: today });
    expect(await row.locator('td').allTextContents()).toEqual([
      `$${call.price!.toFixed(2)}`,
      '$0.00',
    ]);
    expect(dollars(await page.getByTestId('balance').textContent())).toBeCloseTo(
      1 - call.price!,
      2,
    );
    // Day-one defect 10: the ledger row of a call links to the call.
    const charge = page.locator('[data-testid="ledger-row"][data-kind="call_charge"]').first();
    expect(await charge.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe(
      `/console/orgs/${orgId}/calls/${call.call_id}`,
    );
    await expectAxeClean(page, 'console-billing');
  });

  it('adds $5 through the sandbox checkout: balance and concurrency rise', async () => {
    await page.goto(billing);
    const before = dollars(await page.getByTestId('balance').textContent());
    expect(await page.getByTestId('concurrency').textContent()).toBe('1');
    await page.getByLabel(/Amount in US dollars/).fill('5');
    await Promise.all([
      page.waitForURL(/\/billing\/sandbox-checkout\//),
      page.getByRole('button', { name: 'Add funds' }).click(),
    ]);
    // Day-one defect 5: the checkout's buttons are the site's (not tiny), and its result page
    // leads back to billing.
    const pay = page.getByRole('button', { name: 'Pay' });
    expect(await pay.evaluate((b) => b.getBoundingClientRect().height)).toBeGreaterThanOrEqual(40);
    await Promise.all([page.waitForURL(/\/billing\/top-ups\/.*result=paid/), pay.click()]);
    await page.getByRole('link', { name: 'Back to billing' }).click();
    await page.waitForURL(billing);
    expect(dollars(await page.getByTestId('balance').textContent())).toBeCloseTo(before + 5, 2);
    expect(await page.getByTestId('concurrency').textContent()).toBe('5');
    const newest = page.getByTestId('ledger-row').first();
    expect(await newest.getAttribute('data-kind')).toBe('deposit');
    expect(await newest.locator('td').nth(2).textContent()).toBe('$5.00');
  });

  it('refuses an amount outside the bounds in words', async () => {
    await page.goto(billing);
    await page.getByLabel(/Amount in US dollars/).evaluate((input) => input.removeAttribute('min'));
    await page.getByLabel(/Amount in US dollars/).fill('1');
    await page.getByRole('button', { name: 'Add funds' }).click();
    await page.getByText('a top-up is between 5 and 1000 USD').waitFor();
    expect(page.url()).toBe(billing);
  });

  it('downloads the ledger as CSV', async () => {
    await page.goto(billing);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the whole ledger as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('wallet-ledger.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    expect(lines[0]).toMatch(/^id,time,kind,amount_usd,/);
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual([
      'deposit',
      'call_charge',
      'starting_credit',
    ]);
  });

  it('shows a viewer no "Add funds" and no ledger, says why, and refuses a forged top-up', async () => {
    const viewer = await joinInBrowser(accounts, chromium, owner, orgId, 'viewer');
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(billing);
    expect(await viewerPage.getByTestId('role-limits').textContent()).toContain(
      'cannot add funds, see or download the ledger',
    );
    expect(await viewerPage.getByRole('button', { name: 'Add funds' }).count()).toBe(0);
    expect(await viewerPage.getByTestId('ledger').count()).toBe(0);
    expect(await viewerPage.getByTestId('concurrency').textContent()).toBe('5');
    await expectAxeClean(viewerPage, 'console-billing-viewer');
    const forged = await postFrom(viewer, base, `/console/api/orgs/${orgId}/billing/top-ups`, {
      amount_usd: 5,
    });
    await expectForbidden(forged);
    await viewer.close();
  });

  it('fits 375 px without sideways scrolling of the page', async () => {
    const small = await narrowPage(chromium, owner);
    await small.goto(billing);
    await small.getByTestId('ledger').waitFor();
    await small.getByText('The same figures as a table').click();
    await expectNoSidewaysScroll(small, 375);
    await small.context().close();
  });
});
