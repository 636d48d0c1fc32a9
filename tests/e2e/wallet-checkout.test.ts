import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, type RunningBrowser } from '../support/browser';
import { expectError } from '../support/leads-api';
import {
  deliver,
  plannedStripeStandin,
  signedEvent,
  startStripeStandin,
  type StripeStandin,
} from '../support/stripe-standin';
import {
  createTestOrg,
  orgDetail,
  startVoiceServer,
  voice,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// A person adds funds in a real browser: the sandbox checkout (no Stripe configured), labelled
// on every screen, and Stripe Checkout (a stand-in's hosted page); both come back to our top-up
// page showing the new balance and the concurrency limit raised from 1 to 5.
let chromium: RunningBrowser;

beforeAll(async () => {
  chromium = await launchChromium();
}, 60_000);
afterAll(() => chromium?.close());

async function startTopUp(base: string, org: TestOrg, amount_usd: number) {
  const response = await voice(base, org.apiKey, '/v1/billing/top-ups', { json: { amount_usd } });
  expect(response.status).toBe(201);
  return (await response.json()) as { top_up_id: string; checkout_url: string; provider: string };
}

const BANNER = 'Sandbox payment — no money moves';

describe('the sandbox checkout (no Stripe account)', () => {
  let server: VoiceServer;
  beforeAll(async () => {
    server = await startVoiceServer();
  }, 90_000);
  afterAll(() => server?.dispose());

  it('Pay credits the wallet and the limits rise; every screen says no money moves', async () => {
    expect(server.logs()).toMatch(/payments: sandbox checkout \(no money moves/);
    const org = await createTestOrg(server.url, 1);
    const topUp = await startTopUp(server.url, org, 5);
    expect(topUp.provider).toBe('sandbox');
    expect(topUp.checkout_url).toBe(`${server.url}/billing/sandbox-checkout/${topUp.top_up_id}`);
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(topUp.checkout_url);
    await expect(page.getByTestId('sandbox-banner').textContent()).resolves.toBe(BANNER);
    expect(await page.locator('h1').textContent()).toContain('$5.00');
    await screenshot(page, 'sandbox-checkout', 'desktop');
    await Promise.all([
      page.waitForURL(/\/billing\/top-ups\/.*result=paid/),
      page.getByRole('button', { name: 'Pay' }).click(),
    ]);
    await expect(page.getByTestId('sandbox-banner').textContent()).resolves.toBe(BANNER);
    expect(await page.getByTestId('top-up-status').textContent()).toBe('paid');
    expect(await page.getByTestId('concurrency').textContent()).toBe('5');
    expect(await page.getByTestId('balance').textContent()).toBe('$6.00');
    // Going back to the checkout cannot pay twice.
    await page.goto(topUp.checkout_url);
    await expect(page.getByTestId('sandbox-banner').textContent()).resolves.toBe(BANNER);
    expect(await page.getByRole('button', { name: 'Pay' }).count()).toBe(0);
    const detail = await orgDetail(server.url, org.orgId);
    expect(detail.wallet.balance_usd).toBe(6);
    expect(detail.wallet.deposits_usd).toBe(5);
    await context.close();
  });

  it('Decline credits nothing', async () => {
    const org = await createTestOrg(server.url, 1);
    const topUp = await startTopUp(server.url, org, 5);
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(topUp.checkout_url);
    await Promise.all([
      page.waitForURL(/result=cancelled/),
      page.getByRole('button', { name: 'Decline' }).click(),
    ]);
    await expect(page.getByTestId('sandbox-banner').textContent()).resolves.toBe(BANNER);
    expect(await page.getByTestId('top-up-status').textContent()).toBe('declined');
    expect(await page.getByTestId('concurrency').textContent()).toBe('1');
    expect((await orgDetail(server.url, org.orgId)).wallet.balance_usd).toBe(1);
    await context.close();
  });

  it('accepts no Stripe event while the sandbox is in use', async () => {
    const event = signedEvent('checkout.session.completed', { id: 'cs_x', payment_status: 'paid' });
    await expectError(await deliver(server.url, event), 400, 'STRIPE_SIGNATURE_INVALID');
  });
});

describe('Stripe Checkout (a stand-in of Stripe)', () => {
  let server: VoiceServer;
  let standin: StripeStandin;
  beforeAll(async () => {
    const { port, env } = await plannedStripeStandin();
    server = await startVoiceServer({ env });
    standin = await startStripeStandin({
      port,
      webhookUrls: [`${server.url}/v1/billing/stripe/webhook`],
    });
  }, 90_000);
  afterAll(async () => {
    await standin?.stop();
    await server?.dispose();
  });

  it('pays on the hosted page and comes back to the updated balance and limits', async () => {
    const org = await createTestOrg(server.url, 0);
    const topUp = await startTopUp(server.url, org, 5);
    expect(topUp.provider).toBe('stripe');
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(topUp.checkout_url);
    await Promise.all([
      page.waitForURL(/\/billing\/top-ups\/.*result=paid/),
      page.getByRole('button', { name: 'Pay $5.00' }).click(),
    ]);
    expect(await page.getByTestId('top-up-status').textContent()).toBe('paid');
    expect(await page.getByTestId('concurrency').textContent()).toBe('5');
    expect(await page.getByTestId('sandbox-banner').count()).toBe(0);
    await context.close();
    // The sandbox's Pay does not exist while Stripe is configured.
    const sandboxPay = await fetch(`${server.url}/v1/billing/sandbox-checkout/${topUp.top_up_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    await expectError(sandboxPay, 404, 'NOT_FOUND');
  });
});
