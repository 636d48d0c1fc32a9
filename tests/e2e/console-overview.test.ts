import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, expectNoSidewaysScroll } from '../support/browser';
import {
  browserConsoleForSuite,
  narrowPage,
  type BrowserConsole,
} from '../support/console-browser';
import { eventually } from '../support/leads-api';
import { dispatch, getCall, TASK, waitForEnd } from '../support/voice-api';

// The console's overview and its live pages in Chromium: the org's home with its figures, charts
// and their text alternatives; the calls list and a live call's page that update themselves while
// calls run (conditional polling: 304 while nothing changed, no polling when nothing is live); a
// transcript whose times are the recording's and seek it; the call's summary; one status word.
let { chromium, base, owner, page, orgId, apiKey } = {} as BrowserConsole;
/** The recorded call the live list watched end. */
let recorded = '';
const person = '+14155550123';

// A call lives ~15 s on the sandbox line at this speed: long enough to watch it turn by turn.
browserConsoleForSuite(
  `console-overview-${Date.now()}@example.com`,
  'Otto Overview',
  (started) => {
    ({ chromium, base, owner, page, orgId, apiKey } = started);
  },
  { SANDBOX_TIME_SCALE: '2' },
);

const overview = () => `${base}/console/orgs/${orgId}`;
const figure = async (on: Page, key: string) =>
  (await on.getByTestId(`overview-${key}`).locator('td').allTextContents()).map((t) => t.trim());

/** Every request the page makes to a live-version route, with the answer's status. */
/** The live streams a page opens (its requests for a live version), with status and type. */
function watchStreams(on: Page): { url: string; status: number; type: string | null }[] {
  const seen: { url: string; status: number; type: string | null }[] = [];
  on.on('response', (response) => {
    if (/\/calls\/(?:[0-9a-f-]{36}\/)?live$/.test(new URL(response.url()).pathname)) {
      seen.push({
        url: response.url(),
        status: response.status(),
        type: response.headers()['content-type'] ?? null,
      });
    }
  });
  return seen;
}

/** A mark on the page's window: still there later means the page was never reloaded. */
const mark = (on: Page) =>
  on.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
const stillMarked = (on: Page) =>
  on.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

describe('the overview', () => {
  it('is the org home: what /console opens for one org, empty figures, axe clean, fits 375 px', async () => {
    await page.goto(`${base}/console`);
    await page.waitForURL(overview());
    expect(
      await page
        .getByRole('navigation', { name: 'Console' })
        .locator('a[aria-current="page"]')
        .allTextContents(),
    ).toEqual(['Overview']);
    expect(await figure(page, 'calls')).toEqual(['0', '0', '0']);
    expect(await figure(page, 'success')).toEqual(['—', '—', '—']);
    await page.getByTestId('live-none').waitFor();
    await page.getByTestId('latest-none').waitFor();
    expect(await page.getByTestId('overview-balance').textContent()).toContain('$');
    expect(await page.getByTestId('overview-limit-calls').locator('td').first().textContent()).toBe(
      '0',
    );
    await expectAxeClean(page, 'console-overview-empty');
    const small = await narrowPage(chromium, owner);
    await small.goto(overview());
    await expectNoSidewaysScroll(small, 375);
    await small.context().close();
  });
});

describe('live pages', () => {
  it('a calls list with nothing live opens no stream; a live one updates itself until the call ends', async () => {
    await page.goto(`${base}/console/orgs/${orgId}/calls`);
    const idle = watchStreams(page);
    await page.getByTestId('calls-empty').waitFor();
    await page.waitForTimeout(3_000); // a quiet page is one that stays quiet for a while
    expect(idle).toEqual([]);
    expect(await page.getByTestId('live-note').count()).toBe(0);

    const callId = await dispatch(base, apiKey, { phone_number: person, task: TASK, record: true });
    recorded = callId;
    await page.reload();
    const streams = watchStreams(page);
    await page.getByTestId('live-note').waitFor();
    await mark(page);
    const row = page.locator(`[data-testid="call-row"]`).first();
    expect(['queued', 'started']).toContain(await row.getAttribute('data-status'));
    await page
      .locator('[data-testid="call-row"][data-status="complete"]')
      .waitFor({ timeout: 60_000 });
    expect(await stillMarked(page)).toBe(true);
    // Changes came as Server-Sent Events on a stream the page held open, not as polled answers;
    // once the call ended the stream closed and none was opened again.
    expect(streams.length).toBeGreaterThanOrEqual(1);
    for (const stream of streams) {
      expect(stream).toMatchObject({ status: 200, type: 'text/event-stream; charset=utf-8' });
    }
    await page.getByTestId('live-note').waitFor({ state: 'detached' });
    const after = streams.length;
    await page.waitForTimeout(2_500);
    expect(streams.length).toBe(after);
    expect(await row.locator('td').nth(2).textContent()).toBe('Complete');
    expect((await getCall(base, apiKey, callId)).completed).toBe(true);
  });

  it("a live call's page grows its transcript turn by turn, offers Stop call, and settles", async () => {
    const callId = await dispatch(base, apiKey, { phone_number: person, task: TASK, record: true });
    await page.goto(`${base}/console/orgs/${orgId}/calls/${callId}`);
    await page.getByTestId('live-note').waitFor();
    await page.getByRole('button', { name: 'Stop call' }).waitFor();
    await mark(page);
    // Count the transcript's lines each time the page changes, without reloading it.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __lines: number[] }).__lines = seen;
      const count = () => document.querySelectorAll('[data-testid="transcript"] li').length;
      seen.push(count());
      new MutationObserver(() => {
        if (seen.at(-1) !== count()) seen.push(count());
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page
      .locator('[data-testid="call-status"][data-status="complete"]')
      .waitFor({ timeout: 60_000 });
    const lines = await page.evaluate(() => (window as unknown as { __lines: number[] }).__lines);
    expect(await stillMarked(page)).toBe(true);
    // At least two growth steps seen live, each larger than the one before.
    expect(new Set(lines.filter((n) => n > 0)).size, JSON.stringify(lines)).toBeGreaterThanOrEqual(
      2,
    );
    expect([...lines].sort((a, b) => a - b)).toEqual(lines);
    expect(await page.getByRole('button', { name: 'Stop call' }).count()).toBe(0);
    await page.getByTestId('recording').waitFor();
    await expectAxeClean(page, 'console-call-ended');
  });

  it('the overview shows a live call now and updates itself when it ends', async () => {
    const callId = await dispatch(base, apiKey, { phone_number: person, task: TASK });
    await eventually(async () => {
      await page.goto(overview());
      return (await page.getByTestId('live-calls').count()) > 0 ? true : undefined;
    }, 20_000);
    await mark(page);
    expect(await page.getByTestId('live-calls').getByRole('link').getAttribute('href')).toBe(
      `/console/orgs/${orgId}/calls/${callId}`,
    );
    expect(await page.getByTestId('overview-limit-calls').locator('td').first().textContent()).toBe(
      '1',
    );
    await expectAxeClean(page, 'console-overview-live');
    await page.getByTestId('live-none').waitFor({ timeout: 60_000 });
    expect(await stillMarked(page)).toBe(true);
    await waitForEnd(base, apiKey, callId);
  });
});

describe('the figures and a call page', () => {
  it('counts today, 7 and 30 days alike, with charts and their figures by day', async () => {
    await page.goto(overview());
    expect(await figure(page, 'calls')).toEqual(['3', '3', '3']);
    expect(await figure(page, 'completed')).toEqual(['3', '3', '3']);
    expect(await figure(page, 'errors')).toEqual(['0', '0', '0']);
    expect(await figure(page, 'success')).toEqual(['100 %', '100 %', '100 %']);
    // The sandbox's person answers each of them.
    expect(await figure(page, 'human')).toEqual(['3', '3', '3']);
    expect(await figure(page, 'voicemail')).toEqual(['0', '0', '0']);
    const [minutes] = await figure(page, 'minutes');
    expect(Number.parseFloat(minutes!)).toBeGreaterThan(0);
    const [spend] = await figure(page, 'spend');
    expect(Number.parseFloat(spend!.slice(1))).toBeGreaterThan(0);
    // The last of 30 bars is today; its figure is in the table under the chart.
    const bars = page.getByTestId('chart-calls').locator('.day-bar');
    expect(await bars.count()).toBe(30);
    expect(await bars.last().getAttribute('data-value')).toBe('3');
    await page.getByTestId('chart-calls').locator('summary').click();
    expect(
      await page.getByTestId('chart-calls').locator('tbody tr').last().locator('td').textContent(),
    ).toBe('3 calls');
    expect(await page.getByTestId('calls-table').locator('[data-testid="call-row"]').count()).toBe(
      3,
    );
    await expectAxeClean(page, 'console-overview');
    const small = await narrowPage(chromium, owner);
    await small.goto(overview());
    await expectNoSidewaysScroll(small, 375);
    await small.context().close();
  });

  it("plays the recording from a transcript line's time, shows the summary, copies the id", async () => {
    await page.goto(`${base}/console/orgs/${orgId}/calls?status=complete`);
    // One word for a state: the filter's option and the list's cell say the same.
    expect(await page.getByLabel('Status').locator('option:checked').textContent()).toBe(
      'Complete',
    );
    expect(await page.getByTestId('call-row').first().locator('td').nth(2).textContent()).toBe(
      'Complete',
    );
    await page.locator(`a[href$="/calls/${recorded}"]`).click();
    await page.getByTestId('recording').waitFor();
    const callId = recorded;
    const detail = await getCall(base, apiKey, callId);
    expect(await page.getByTestId('call-summary').textContent()).toBe(
      detail.summary ?? 'No summary.',
    );

    // The transcript's times are offsets in the recording: the last line starts inside it.
    const audio = page.getByTestId('recording');
    const duration = await audio.evaluate(async (element) => {
      const player = element as HTMLAudioElement;
      if (player.readyState < 1) {
        await new Promise((resolve) =>
          player.addEventListener('loadedmetadata', resolve, { once: true }),
        );
      }
      return player.duration;
    });
    const starts = (
      await page
        .getByTestId('transcript')
        .locator('li')
        .evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-start-ms'))))
    ).map((ms) => ms / 1000);
    expect(starts[0]).toBe(0);
    expect(starts.at(-1)!).toBeLessThan(duration);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);

    const line = page.getByTestId('transcript').locator('li').nth(2);
    const seconds = Number(await line.getAttribute('data-start-ms')) / 1000;
    const label = await line.getByRole('button').textContent();
    expect(label).toBe(
      `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`,
    );
    await line.getByRole('button').click();
    await audio.evaluate((element) => (element as HTMLAudioElement).pause());
    const at = await audio.evaluate((element) => (element as HTMLAudioElement).currentTime);
    expect(at).toBeGreaterThanOrEqual(seconds - 0.1);
    expect(at).toBeLessThan(seconds + 1.5);

    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.getByRole('button', { name: 'Copy call id' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(callId);
    await expectAxeClean(page, 'console-call-seek');
  });
});

describe('every console page', () => {
  it('is axe clean in light and dark and fits 375 px', async () => {
    const sections = await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
    expect(sections.length).toBeGreaterThan(10);
    // A saved agent, so its page (edit form, versions) is swept too.
    const saved = await owner.request.post(`${base}/console/api/orgs/${orgId}/agents`, {
      data: { name: 'Sweep', task: 'Confirm the appointment.' },
      headers: { origin: base },
    });
    expect(saved.status()).toBe(201);
    const { agent_id: agentId } = (await saved.json()) as { agent_id: string };
    const pages = [
      ...sections,
      `/console/orgs/${orgId}/agents/${agentId}`,
      `/console/orgs/${orgId}/calls/${recorded}`,
      '/console?list',
      '/console/account',
    ];
    const small = await narrowPage(chromium, owner);
    for (const path of pages) {
      await page.goto(base + path);
      await expectAxeClean(page, `console-sweep${path.replaceAll('/', '-')}`);
      await small.goto(base + path);
      await expectNoSidewaysScroll(small, 375, path);
    }
    await small.context().close();
    // Seventeen pages, each checked twice by axe and once narrow: minutes on this shared machine.
  }, 300_000);
});
