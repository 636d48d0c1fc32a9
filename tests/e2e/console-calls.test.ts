import { adminCli } from '../support/admin-cli';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, expectNoSidewaysScroll, expectSeekable } from '../support/browser';
import {
  expectForbidden,
  joinInBrowser,
  narrowPage,
  openFromMenu,
  browserConsoleForSuite,
  type BrowserConsole,
  postFrom,
} from '../support/console-browser';
import { depositUsd } from '../support/http';
import { eventually } from '../support/leads-api';
import { dispatchActingCalls } from '../support/acting-calls';
import { dispatch, getCall, TASK, waitForEnd } from '../support/voice-api';

// The console's calls pages in Chromium, as a customer uses them: sign up, place calls through the
// API, watch them in the list, open one, seek in its recording, send its webhook again, see what
// the agent did (tools, keys, a transfer), stop a live call; a viewer sees no actions and a forged
// POST from a viewer is refused.
let { accounts, chromium, hooks, base, owner, page, orgId, apiKey } = {} as BrowserConsole;
const person = '+14155550123';

/** A console route called from the page's own origin, with the context's session cookie. */
const post = (context: BrowserContext, path: string, data: unknown = {}) =>
  postFrom(context, base, path, data);

browserConsoleForSuite(`console-owner-${Date.now()}@example.com`, 'Ada Owner', (started) => {
  ({ accounts, chromium, hooks, base, owner, page, orgId, apiKey } = started);
});

describe('the calls pages', () => {
  it('list a call placed through the API until it finishes; its page plays and re-sends', async () => {
    await page.goto(`${base}/console`);
    await page.waitForURL(`${base}/console/orgs/${orgId}`);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Calls' })
      .click();
    await page.waitForURL(`${base}/console/orgs/${orgId}/calls`);
    await page.getByTestId('calls-empty').waitFor();
    await expectAxeClean(page, 'console-calls-empty');

    const callId = await dispatch(base, apiKey, {
      phone_number: person,
      task: TASK,
      record: true,
      webhook: hooks.url,
    });
    await eventually(async () => {
      await page.reload();
      const row = page.getByTestId('call-row').first();
      return (await row.count()) && (await row.getAttribute('data-status')) === 'complete'
        ? true
        : undefined;
    }, 30_000);
    expect(await page.getByTestId('current-org').textContent()).toBeTruthy();
    await expectAxeClean(page, 'console-calls');

    await page.getByTestId('call-row').first().getByRole('link').click();
    await page.waitForURL(`${base}/console/orgs/${orgId}/calls/${callId}`);
    expect(await page.getByTestId('call-status').textContent()).toBe('Complete');
    expect(await page.getByTestId('transcript').locator('li').count()).toBeGreaterThan(1);
    await expectAxeClean(page, 'console-call');

    // Seeking needs the recording route to answer Range: the element lands where it was sent.
    await expectSeekable(page.getByTestId('recording'), 2);

    await eventually(() => (hooks.received.length > 0 ? true : undefined), 15_000);
    const before = hooks.received.length;
    await page.getByRole('button', { name: 'Send again' }).click();
    await page.getByText('A new delivery is queued.').waitFor();
    await eventually(() => (hooks.received.length > before ? true : undefined), 15_000);
  });

  it('shows what the agent did: a tool call and keys pressed in the transcript, who answered, a transfer', async () => {
    const [keypad, transfer] = await dispatchActingCalls(base, apiKey, hooks.url);
    await Promise.all([waitForEnd(base, apiKey, keypad), waitForEnd(base, apiKey, transfer)]);

    await page.goto(`${base}/console/orgs/${orgId}/calls/${keypad}`);
    const transcript = page.getByTestId('transcript');
    const tool = transcript.locator('li[data-kind="tool"]');
    expect(await tool.locator('code').first().textContent()).toBe('look_up_order');
    // The webhook receiver stands in for the customer's API: 204, nothing to read.
    expect(await tool.getByTestId('tool-call-status').textContent()).toBe('answered, HTTP 204');
    await tool.getByText('Input and answer').click();
    await tool.getByText('(empty answer)').waitFor();
    expect(await transcript.locator('li[data-kind="keys"]').first().textContent()).toContain(
      'pressed 2',
    );
    expect(await page.getByTestId('call-answered-by').textContent()).toBe('A person');
    await expectAxeClean(page, 'console-call-actions');

    await page.goto(`${base}/console/orgs/${orgId}/calls/${transfer}`);
    expect(await page.getByTestId('call-transfer').textContent()).toContain('+14155550111');
    expect(
      await page.getByTestId('transcript').locator('li[data-kind="transfer"]').textContent(),
    ).toContain('transferred to +14155550111');
    await expectAxeClean(page, 'console-call-transfer');
  });

  it('stops a live call with its Stop call button', async () => {
    const callId = await dispatch(base, apiKey, { phone_number: person, task: TASK });
    await page.goto(`${base}/console/orgs/${orgId}/calls/${callId}`);
    await page.getByRole('button', { name: 'Stop call' }).click();
    await page.getByText('The call was stopped.').waitFor();
    await page.getByTestId('call-status').filter({ hasText: 'Complete' }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop call' }).count()).toBe(0);
    expect(await getCall(base, apiKey, callId)).toMatchObject({
      completed: true,
      call_ended_by: 'API',
    });
  });

  it('shows a viewer no actions, says why, and refuses a forged POST', async () => {
    const viewer = await joinInBrowser(accounts, chromium, owner, orgId, 'viewer');
    const callId = await dispatch(base, apiKey, { phone_number: person, task: TASK });
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${base}/console/orgs/${orgId}/calls/${callId}`);
    expect(await viewerPage.getByTestId('role-limits').textContent()).toContain(
      'cannot stop this call',
    );
    expect(
      await viewerPage
        .getByRole('button')
        .filter({ hasText: /Stop call|Send again/ })
        .count(),
    ).toBe(0);
    const forged = await post(viewer, `/console/api/orgs/${orgId}/calls/${callId}/stop`);
    await expectForbidden(forged);
    await waitForEnd(base, apiKey, callId);
    await viewer.close();
  });

  it('shows the limits with what is in use and the unlock progress, then the unlock', async () => {
    await openFromMenu(page, base, orgId, 'Limits');
    await page.waitForURL(`${base}/console/orgs/${orgId}/limits`);
    const cells = async (key: string) =>
      (await page.getByTestId(`limit-${key}`).locator('td').allTextContents()).slice(0, 2);
    expect(await cells('concurrency')).toEqual(['1', '0']);
    expect(await cells('instant_clones')).toEqual(['1', '0']);
    expect(await page.getByTestId('unlock-status').textContent()).toContain('$0.00 of $5.00');
    await expectAxeClean(page, 'console-limits');
    await depositUsd(base, orgId, 5);
    await page.reload();
    expect(await cells('concurrency')).toEqual(['5', '0']);
    expect(await cells('live_clones')).toEqual(['1', '0']);
    expect(await page.getByTestId('unlock-status').textContent()).toContain('Unlocked');

    // Request a raise in the form; an operator approves it with the admin CLI; the page shows it.
    await page.getByLabel('Limit', { exact: true }).selectOption('concurrency');
    await page.getByLabel('Wanted value').fill('12');
    await page.getByLabel('Expected volume').fill('300 calls a day');
    await page.getByLabel('Reason').fill('A seasonal campaign');
    await page.getByRole('button', { name: 'Request a raise' }).click();
    await page.getByText('Sent. Our team answers by e-mail').waitFor();
    await page.getByTestId('raise-row').waitFor();
    await expectAxeClean(page, 'console-limits-requested');
    const support = await accounts.smtp.next('support@localhost');
    const id = /answer-raise ([0-9a-f-]{36})/.exec(support.text)?.[1];
    expect(id, support.text).toBeDefined();
    await adminCli(base, 'answer-raise', id!, 'approve');
    await page.reload();
    expect(await cells('concurrency')).toEqual(['12', '0']);
    expect(await page.getByTestId('raise-row').textContent()).toContain('approved');
  });

  it('fits 375 px without sideways scrolling of the page', async () => {
    const small = await narrowPage(chromium, owner);
    await small.goto(`${base}/console/orgs/${orgId}/calls`);
    await small.getByTestId('calls-table').waitFor();
    await expectNoSidewaysScroll(small, 375);
    await small.getByRole('link', { name: 'Calls' }).first().focus();
    await small.context().close();
  });
});
