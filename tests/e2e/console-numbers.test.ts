import { describe, expect, it } from 'vitest';
import { browserConsoleForSuite, postFrom, type BrowserConsole } from '../support/console-browser';
import { depositUsd } from '../support/http';
import { getCall, waitForEnd } from '../support/voice-api';

// The console's phone numbers on the sandbox line, as a newcomer meets them (issue 34): the
// monthly fee said before buying, a fictional number bought, a saved agent chosen to answer it, a
// test call from the scripted caller followed to its end as an inbound call, and a release that
// asks first.
let { base, owner, page, orgId, apiKey } = {} as BrowserConsole;

browserConsoleForSuite(`console-numbers-${Date.now()}@example.com`, 'Nora Numbers', (started) => {
  ({ base, owner, page, orgId, apiKey } = started);
});

const numbersUrl = () => `${base}/console/orgs/${orgId}/numbers`;
const rows = async () =>
  (await page.getByTestId('number-row').locator('th').allTextContents()).map((t) => t.trim());

describe('phone numbers in the console', () => {
  it('buys a sandbox number for the fee it names, and has an agent answer it', async () => {
    await depositUsd(base, orgId, 10);
    const saved = await postFrom(owner, base, `/console/api/orgs/${orgId}/agents`, {
      name: 'Front desk',
      task: 'Answer questions about opening hours.',
    });
    expect(saved.status()).toBe(201);

    await page.goto(numbersUrl());
    expect(
      await page
        .getByRole('navigation', { name: 'Console' })
        .locator('a[aria-current="page"]')
        .allTextContents(),
    ).toEqual(['Phone numbers']);
    await page.getByTestId('numbers-empty').waitFor();
    await page.getByTestId('numbers-sandbox').waitFor();
    await page.getByLabel('Area code (optional)').fill('212');
    await page.getByRole('button', { name: 'Buy a number for $2.00 a month' }).click();
    await expect
      .poll(() => page.getByTestId('buy-number-status').textContent())
      .toBe('Bought +12125550110; $2.00 was charged for its first month.');
    await expect.poll(rows).toEqual(['+12125550110 (sandbox)']);

    await page.getByLabel('Agent answering +12125550110').selectOption({ label: 'Front desk' });
    await page.getByText('Saved: this agent answers.').waitFor();
    await page.reload();
    expect(
      await page.getByLabel('Agent answering +12125550110').locator('option:checked').textContent(),
    ).toBe('Front desk');
  });

  it('places a test call that the agent answers, listed as an inbound call', async () => {
    await page.goto(numbersUrl());
    await page.getByRole('button', { name: 'Test call to +12125550110' }).click();
    const follow = page.getByRole('link', { name: 'Follow the test call' });
    await follow.waitFor();
    const callId = /\/calls\/([0-9a-f-]{36})$/.exec((await follow.getAttribute('href')) ?? '')?.[1];
    expect(callId).toBeDefined();
    const call = await waitForEnd(base, apiKey, callId!);
    expect(call).toMatchObject({ direction: 'inbound', to: '+12125550110' });
    expect(call.transcripts.some((t) => t.user === 'assistant')).toBe(true);
    expect((await getCall(base, apiKey, callId!)).queue_status).toBe('complete');

    // The calls list filters by direction and names the caller of an inbound call.
    await page.goto(`${base}/console/orgs/${orgId}/calls`);
    await page.getByLabel('Direction').selectOption('inbound');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/direction=inbound/);
    const listed = page.getByTestId('call-row');
    expect(await listed.count()).toBe(1);
    expect(await listed.first().textContent()).toContain(`${call.from} (inbound)`);
  });

  it('has the agent call the member from its page ("Call me")', async () => {
    await page.goto(`${base}/console/orgs/${orgId}/agents`);
    await page.getByRole('link', { name: 'Front desk' }).click();
    await page.getByLabel('Your phone number (E.164)').fill('+14155550123');
    await page.getByRole('button', { name: 'Call me' }).click();
    const follow = page.getByRole('link', { name: 'Follow the call' });
    await follow.waitFor();
    const callId = /\/calls\/([0-9a-f-]{36})$/.exec((await follow.getAttribute('href')) ?? '')?.[1];
    const call = await waitForEnd(base, apiKey, callId!);
    expect(call).toMatchObject({ direction: 'outbound', to: '+14155550123', agent_version: 1 });
    expect(call.agent_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('releases the number only after a confirmation', async () => {
    await page.goto(numbersUrl());
    await page.getByRole('button', { name: 'Release +12125550110' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    expect(await rows()).toEqual(['+12125550110 (sandbox)']);
    await page.getByRole('button', { name: 'Release +12125550110' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
    await page.getByTestId('numbers-empty').waitFor();
  });
});
