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
import { eventually } from '../support/leads-api';
import { dispatch, TASK, waitForEnd } from '../support/voice-api';

// The console's batches and webhooks pages in Chromium, as a customer uses them: import a CSV with
// two bad rows (refused, line by line), fix it, import, watch the charts fill; see deliveries,
// replay, rotate the signing secret; a viewer sees none of these actions and a forged POST fails.
let { accounts, chromium, hooks, base, owner, page, orgId, apiKey } = {} as BrowserConsole;
let batchUrl: string;

const PROMPT = 'Call {{name}} to confirm the order {{order}}.';
const file = (text: string) => ({
  name: 'orders.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

browserConsoleForSuite(`batches-${Date.now()}@example.com`, 'Ada Owner', (started) => {
  ({ accounts, chromium, hooks, base, owner, page, orgId, apiKey } = started);
});

describe('the batches pages', () => {
  it('refuses a CSV with two bad rows by line, imports the fixed file, fills the charts', async () => {
    await openFromMenu(page, base, orgId, 'Batches');
    await page.waitForURL(`${base}/console/orgs/${orgId}/batches`);
    await page.getByTestId('batches-empty').waitFor();
    await expectAxeClean(page, 'console-batches-empty');

    await page.getByLabel('Label').fill('Spring orders');
    await page.getByLabel('Prompt for every call').fill(PROMPT);
    const template = page.getByRole('link', { name: 'Download a template for this prompt' });
    expect(await template.getAttribute('href')).toContain(encodeURIComponent(PROMPT));
    const rows = [
      'phone_number,name,order',
      '+14155550123,Ada,A-1',
      'call me maybe,Bob,B-2',
      '+14155550102,,C-3',
    ];
    await page.getByLabel(/^CSV file/).setInputFiles(file(rows.join('\n')));
    await page.getByRole('button', { name: 'Check and import' }).click();
    const problems = page.getByTestId('batch-import-problems');
    await problems.waitFor();
    expect(await problems.locator('li').allTextContents()).toEqual([
      'Line 3: phone_number "call me maybe": must be an E.164 number with country code, e.g. +14155550123',
      'Line 4: name is empty, but the prompt uses {{name}}',
    ]);
    expect(await page.getByTestId('batch-import-error').textContent()).toContain(
      'nothing was created',
    );
    await expectAxeClean(page, 'console-batches-refused');
    expect(await page.getByTestId('batch-row').count()).toBe(0);

    rows[2] = '+14155550124,Bob,B-2';
    rows[3] = '+14155550102,Cy,C-3'; // the sandbox's busy line: one error to list
    await page.getByLabel(/^CSV file/).setInputFiles(file(rows.join('\n')));
    await page.getByRole('button', { name: 'Check and import' }).click();
    await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
    batchUrl = page.url();
    await page.getByRole('heading', { name: 'Spring orders' }).waitFor();
    // The page refreshes itself while calls run; the sandbox line ends them in a few seconds.
    await page.locator('[data-testid="batch-progress"][data-running="false"]').waitFor({
      timeout: 60_000,
    });
    const counts = async (testId: string) =>
      Object.fromEntries(
        await page
          .getByTestId(testId)
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => [
              tr.querySelector('th')!.textContent,
              Number(tr.querySelector('td')!.textContent),
            ]),
          ),
      ) as Record<string, number>;
    expect(await counts('queue-table')).toEqual({
      Queued: 0,
      'In progress': 0,
      Complete: 2,
      Error: 1,
    });
    const lengths = await counts('lengths-table');
    expect(Object.values(lengths).reduce((a, b) => a + b, 0)).toBe(3);
    expect(lengths['0-5 s']).toBeGreaterThanOrEqual(1); // the busy line never connected
    await page.getByTestId('chart-queue').locator('.recharts-rectangle').first().waitFor();
    expect(
      await page.getByTestId('chart-queue').locator('.recharts-rectangle').count(),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await page.getByTestId('chart-lengths').locator('.recharts-rectangle').count(),
    ).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('batch-errors').textContent()).toContain('busy');
    await expectAxeClean(page, 'console-batch');

    await page.getByRole('link', { name: '← All batches' }).click();
    await page.getByTestId('batch-row').first().waitFor();
    expect(await page.getByTestId('batch-row').first().locator('td').allTextContents()).toEqual([
      'Spring orders',
      expect.any(String),
      '3',
      '3',
      '1',
    ]);
    await expectAxeClean(page, 'console-batches');
  });
});

describe('the webhooks page', () => {
  it('lists deliveries across calls, replays a failed one, rotates the secret', async () => {
    hooks.setStatus(410); // refused at once: the delivery fails without waiting on retries
    const callId = await dispatch(base, apiKey, {
      phone_number: '+14155550123',
      task: TASK,
      webhook: hooks.url,
    });
    await waitForEnd(base, apiKey, callId);
    await page.goto(`${base}/console/orgs/${orgId}/webhooks`);
    await eventually(async () => {
      await page.reload();
      return (await page.locator('[data-testid="org-delivery-row"][data-status="failed"]').count())
        ? true
        : undefined;
    }, 30_000);
    const failed = page.locator('[data-testid="org-delivery-row"][data-status="failed"]').first();
    expect(await failed.locator('td').nth(3).textContent()).toBe('410');
    // Day-one defect 10: a delivery shows where it was sent.
    expect(await failed.getByTestId('delivery-url').textContent()).toBe(`to ${hooks.url}`);
    await expectAxeClean(page, 'console-webhooks');

    hooks.setStatus(204);
    const before = hooks.received.length;
    await failed.getByRole('button', { name: 'Replay' }).click();
    await page.getByText('1 new delivery queued.').first().waitFor();
    await eventually(() => (hooks.received.length > before ? true : undefined), 15_000);

    await page.getByText('Show the signing secret').click();
    const old = await page.getByTestId('webhook-secret').textContent();
    expect(old).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Rotate the signing secret' }).click();
    await page.getByRole('button', { name: 'Rotate now' }).click();
    await page
      .getByText('Rotated. Deliveries from now on are signed with the new secret')
      .waitFor();
    await eventually(async () => {
      const now = await page.getByTestId('webhook-secret').textContent();
      return now && now !== old ? now : undefined;
    });
    await expectAxeClean(page, 'console-webhooks-rotated');
  });

  it('shows a viewer no import or rotate action, says why, and refuses forged POSTs', async () => {
    const viewer = await joinInBrowser(accounts, chromium, owner, orgId, 'viewer');
    const viewerPage = await viewer.newPage();

    await viewerPage.goto(`${base}/console/orgs/${orgId}/batches`);
    await viewerPage.getByTestId('batch-row').first().waitFor();
    expect(await viewerPage.getByTestId('role-limits').textContent()).toContain(
      'cannot create batches',
    );
    expect(await viewerPage.getByRole('button', { name: 'Check and import' }).count()).toBe(0);
    const forgedImport = await viewer.request.post(`${base}/console/api/orgs/${orgId}/batches`, {
      headers: { origin: base },
      multipart: {
        label: 'forged',
        base_prompt: 'Hello',
        file: file('phone_number\n+14155550123\n'),
      },
    });
    expect(forgedImport.status()).toBe(403);

    await viewerPage.goto(`${base}/console/orgs/${orgId}/webhooks`);
    expect(await viewerPage.getByTestId('role-limits').textContent()).toContain(
      'see or rotate the signing secret',
    );
    expect(await viewerPage.getByRole('button', { name: /Rotate|Replay/ }).count()).toBe(0);
    expect(await viewerPage.getByTestId('webhook-secret').count()).toBe(0);
    await expectAxeClean(viewerPage, 'console-webhooks-viewer');
    const forged = await postFrom(
      viewer,
      base,
      `/console/api/orgs/${orgId}/webhooks/secret/rotate`,
    );
    await expectForbidden(forged);
    await viewer.close();
  });

  it('fits 375 px without sideways scrolling of the page', async () => {
    const small = await narrowPage(chromium, owner);
    for (const url of [
      batchUrl,
      `${base}/console/orgs/${orgId}/batches`,
      `${base}/console/orgs/${orgId}/webhooks`,
    ]) {
      await small.goto(url);
      await small.getByRole('heading', { level: 1 }).waitFor();
      await expectNoSidewaysScroll(small, 375, url);
    }
    await small.context().close();
  });
});
