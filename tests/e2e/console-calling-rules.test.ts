import { describe, expect, it } from 'vitest';
import { expectAxeClean, expectNoSidewaysScroll } from '../support/browser';
import {
  browserConsoleForSuite,
  narrowPage,
  type BrowserConsole,
} from '../support/console-browser';
import { voice } from '../support/voice-api';

// The calling rules' console page in Chromium: an owner narrows the calling hours, lists numbers
// by hand and from a CSV (a UTF-16 file and a bad line refused with nothing changed), exports the
// list and imports the export again, sees a listed number refused by the API, and unlists one.
let { chromium, base, owner, page, orgId, apiKey } = {} as BrowserConsole;

browserConsoleForSuite(`console-rules-${Date.now()}@example.com`, 'Rita Rules', (started) => {
  ({ chromium, base, owner, page, orgId, apiKey } = started);
});

const rulesUrl = () => `${base}/console/orgs/${orgId}/rules`;
const listed = async () =>
  (await page.getByTestId('dnc-table').locator('tbody th').allTextContents()).map((t) => t.trim());
const csv = (name: string, buffer: Buffer) => ({ name, mimeType: 'text/csv', buffer });

async function importFile(file: { name: string; mimeType: string; buffer: Buffer }) {
  const status = page.getByTestId('dnc-import-status');
  const before = (await status.textContent()) ?? '';
  await page.getByLabel(/CSV file/).setInputFiles(file);
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/dnc/import')),
    page.getByRole('button', { name: 'Import', exact: true }).click(),
  ]);
  await expect.poll(() => status.textContent()).not.toBe(before);
  return (await status.textContent()) ?? '';
}

describe('the calling rules page', () => {
  it('narrows the calling hours; the API reads the same rules', async () => {
    await page.goto(rulesUrl());
    expect(
      await page
        .getByRole('navigation', { name: 'Console' })
        .locator('a[aria-current="page"]')
        .allTextContents(),
    ).toEqual(['Calling rules']);
    // The test server turns the service's window off (calls at any hour), so the organization's
    // own window is the one in force once saved.
    expect(await page.getByTestId('rules-effective-hours').textContent()).toBe('any time');
    await page.getByLabel('Narrow the service’s window').check();
    await page.getByLabel('From').fill('09:30');
    await page.getByLabel('Until').fill('17:00');
    await page.getByRole('checkbox', { name: 'Sun' }).uncheck();
    await page.getByRole('checkbox', { name: 'Sat' }).uncheck();
    await page.getByRole('button', { name: 'Save the rules' }).click();
    await expect
      .poll(() => page.getByTestId('rules-effective-hours').textContent())
      .toBe('09:30–17:00, Mon, Tue, Wed, Thu, Fri');
    const rules = (await (await voice(base, apiKey, '/v1/calling-rules')).json()) as {
      hours: unknown;
    };
    expect(rules.hours).toEqual({
      start: '09:30',
      end: '17:00',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    });
  });

  it('lists numbers by hand and from CSV; refuses UTF-16 and bad lines with nothing changed', async () => {
    await page.goto(rulesUrl());
    await page.getByTestId('dnc-none').waitFor();
    await page.getByLabel(/Numbers \(E\.164/).fill('+1 415 555 0199');
    await page.getByLabel('Reason (optional)').fill('asked by email');
    await page.getByRole('button', { name: 'Add to the list' }).click();
    await expect.poll(listed).toEqual(['+14155550199']);

    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('number\r\n+14155550142\r\n', 'utf16le'),
    ]);
    expect(await importFile(csv('unicode.csv', utf16))).toMatch(/UTF-16.*nothing was changed/);
    expect(await importFile(csv('bad.csv', Buffer.from('+14155550142\nnot a number\n')))).toMatch(
      /1 line is not valid; nothing was changed/,
    );
    await page.reload();
    expect(await listed()).toEqual(['+14155550199']);

    const good = 'number,reason\n+14155550142,moved away\n"\'+14155550143",\n';
    expect(await importFile(csv('good.csv', Buffer.from(good)))).toBe(
      'Imported: 2 listed, 0 already were.',
    );
    await expect.poll(listed).toEqual(['+14155550142', '+14155550143', '+14155550199']);
    expect(
      await page.getByTestId('dnc-table').locator('tr', { hasText: '+14155550142' }).textContent(),
    ).toContain('moved away');
  });

  it('exports the list as CSV that imports again unchanged; a listed number is never dialled', async () => {
    const exported = await owner.request.get(`${base}/console/api/orgs/${orgId}/dnc/export`);
    expect(exported.status()).toBe(200);
    const text = await exported.text();
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('number,reason,source,call_id,created_at');
    // Every number starts with +: spreadsheets see text, not a formula.
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      "'+14155550142",
      "'+14155550143",
      "'+14155550199",
    ]);
    await page.goto(rulesUrl());
    expect(await importFile(csv('export.csv', Buffer.from(text)))).toBe(
      'Imported: 0 listed, 3 already were.',
    );
    const refused = await voice(base, apiKey, '/v1/calls', {
      json: { phone_number: '+14155550143', task: 'Say hello.' },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'NUMBER_ON_DNC_LIST',
    );
  });

  it('unlists a number only after a confirmation; axe clean and fits 375 px', async () => {
    await page.goto(rulesUrl());
    const remove = page.getByRole('button', { name: 'Remove +14155550143' });
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    expect(await listed()).toContain('+14155550143');
    await page.getByRole('button', { name: 'Remove +14155550143' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(listed).toEqual(['+14155550142', '+14155550199']);
    await expectAxeClean(page, 'console-calling-rules');
    const small = await narrowPage(chromium, owner);
    await small.goto(rulesUrl());
    await expectNoSidewaysScroll(small, 375);
    await small.context().close();
  });
});
