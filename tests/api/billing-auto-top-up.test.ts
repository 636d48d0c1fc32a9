// Capped auto top-up and low-balance mail, on three built instances sharing one Postgres, with
// Stripe as emulate (customers, Checkout) behind a scripted stand-in for what emulate lacks
// (saved cards, off-session PaymentIntents that decline or need the cardholder), and mail to a
// real SMTP receiver. Charges are real speech requests ($0.10 a character here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleFetch,
  createConsoleKey,
  firstOrgId,
  signIn,
  type AccountsServer,
} from '../support/accounts-api';
import { freePort } from '../support/free-port';
import { startStripeStandin, stripeEnv } from '../support/stripe-standin';
import type { StripeStandin } from '../support/stripe-standin';
import { startStripeCharges, type StripeCharges } from '../support/stripe-charges';
import { startStripeTopUp } from '../support/billing-api';
import { startInstances, type Instances } from '../support/instances';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { admin, eventually, expectError } from '../support/leads-api';
import { orgDetail, voice, type TestOrg } from '../support/voice-api';

let instances: Instances;
let emulate: StripeStandin;
let stripe: StripeCharges;
let smtp: SmtpReceiver;
let base: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const emulatePort = await freePort();
  stripe = await startStripeCharges({
    upstream: `http://127.0.0.1:${emulatePort}`,
    webhookBase: () => base,
    answerDelayMs: 300,
  });
  instances = await startInstances(3, {
    env: {
      ...stripeEnv(stripe.url),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Voice AI <billing@voice.test>',
      TRUST_PROXY: 'true',
      SIGNUP_STARTING_CREDIT_USD: '3',
      SPEECH_PRICE_PER_1K_CHARS_USD: '100',
    },
  });
  base = instances.at(0).url;
  emulate = await startStripeStandin({
    port: emulatePort,
    webhookUrls: [`${base}/v1/billing/stripe/webhook`],
  });
}, 120_000);
afterAll(async () => {
  await emulate?.stop();
  await stripe?.close();
  await instances?.dispose();
  await smtp?.close();
});

let people = 0;

/** A signed-up owner's personal org ($3 starting credit) and a key that may read and write billing. */
async function ownerOrg() {
  const email = `owner${++people}-${Date.now()}@example.com`;
  const accounts = { server: { url: base }, smtp } as unknown as AccountsServer;
  const cookie = await signIn(accounts, email, 'Owner');
  const orgId = await firstOrgId(base, cookie);
  const key = await createConsoleKey(base, cookie, orgId, [
    'billing:read',
    'billing:write',
    'speech',
    'audit:read',
  ]);
  const org: TestOrg = { orgId, apiKey: key.api_key, keyId: key.key_id };
  return { email, cookie, org };
}

/** A paid Checkout top-up: the org's Stripe customer and saved card exist from here on. */
async function payByCheckout(org: TestOrg, usd: number) {
  const topUp = await startStripeTopUp(base, org, usd);
  const done = await fetch(`${emulate.url}/checkout/${topUp.sessionId}/complete`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(done.status).toBe(302);
}

/** An owner's org with $8 and a saved card (a paid $5 Checkout top-up). */
async function cardOnFile() {
  const owner = await ownerOrg();
  await payByCheckout(owner.org, 5);
  await eventually(async () => ((await balance(owner.org)) === 8 ? true : undefined));
  return owner;
}

const settings = (org: TestOrg, body: Record<string, unknown>, at = base) =>
  voice(at, org.apiKey, '/v1/billing/auto-top-up', { method: 'PUT', json: body });

const balance = async (org: TestOrg) => (await orgDetail(base, org.orgId)).wallet.balance_usd;

/** A speech request charged $0.10 a character, through instance `i`. */
async function spend(org: TestOrg, characters: number, i = 0) {
  const spoken = await voice(instances.at(i).url, org.apiKey, '/v1/speak', {
    json: { text: 'a'.repeat(characters), voice_id: 'ava' },
  });
  expect(spoken.status).toBe(200);
  await spoken.arrayBuffer();
}

async function auditActions(
  org: TestOrg,
): Promise<{ action: string; before: unknown; after: unknown }[]> {
  const response = await voice(base, org.apiKey, '/v1/audit-log?limit=200');
  expect(response.status).toBe(200);
  return (
    (await response.json()) as { events: { action: string; before: unknown; after: unknown }[] }
  ).events;
}

/** One scheduler pass on demand (the cron route), as a host without a long-lived process runs it. */
const cronPass = () => admin(base, '/internal/cron/calls', { method: 'POST' });

const chargesOf = (org: TestOrg) => stripe.charges.filter((c) => c.orgId === org.orgId);

describe('settings', () => {
  it('refuses bad input with the envelope and needs billing scopes', async () => {
    const { org, cookie } = await ownerOrg();
    const good = { enabled: true, threshold_usd: 2, amount_usd: 10, monthly_cap_usd: 50 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, threshold_usd: 0.5 }, 'threshold_usd'],
      [{ ...good, amount_usd: 4.99 }, 'amount_usd'],
      [{ enabled: true, threshold_usd: 2, amount_usd: 10 }, 'monthly_cap_usd'],
      [{ ...good, amount_usd: 10.005 }, 'amount_usd'],
      [{ ...good, monthly_cap_usd: 5 }, 'monthly_cap_usd'],
      [{ ...good, threshold_usd: '2' }, 'threshold_usd'],
    ];
    for (const [body, field] of cases) {
      const response = await settings(org, body);
      const error = await expectError(response, 400, 'INVALID_BODY');
      expect(JSON.stringify(error), JSON.stringify(body)).toContain(field);
    }
    const notJson = await voice(base, org.apiKey, '/v1/billing/auto-top-up', {
      method: 'PUT',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    await expectError(notJson, 400, 'INVALID_BODY');
    // A key without billing:write reads but cannot change them.
    const reader = await createConsoleKey(base, cookie, org.orgId, ['billing:read']);
    const readerOrg = { ...org, apiKey: reader.api_key };
    expect((await voice(base, reader.api_key, '/v1/billing/auto-top-up')).status).toBe(200);
    await expectError(await settings(readerOrg, good), 403, 'INSUFFICIENT_SCOPE');
    const state = (await (await voice(base, org.apiKey, '/v1/billing/auto-top-up')).json()) as {
      settings: unknown;
    };
    expect(state.settings).toBeNull();
  });

  it('says before saving that it will charge now, and audits each change', async () => {
    const { org, cookie } = await cardOnFile();
    // Off: no charge, no question.
    const off = { enabled: false, threshold_usd: 10, amount_usd: 5, monthly_cap_usd: 20 };
    expect((await settings(org, off)).status).toBe(200);
    // On with the balance ($8) under the threshold ($10): nothing saved without confirmation.
    const on = { ...off, enabled: true };
    const asked = await expectError(await settings(org, on), 409, 'AUTO_TOP_UP_CONFIRM_REQUIRED');
    expect(JSON.stringify(asked)).toMatch(/charges 5 USD/);
    const unchanged = (await (await voice(base, org.apiKey, '/v1/billing/auto-top-up')).json()) as {
      settings: { enabled: boolean };
    };
    expect(unchanged.settings.enabled).toBe(false);
    expect(chargesOf(org)).toHaveLength(0);
    // The console route is the same rule for the owner's browser.
    const viaConsole = await consoleFetch(
      base,
      cookie,
      'PUT',
      `/console/api/orgs/${org.orgId}/billing/auto-top-up`,
      on,
    );
    await expectError(viaConsole, 409, 'AUTO_TOP_UP_CONFIRM_REQUIRED');
    // Confirmed: saved, and the recharge follows (credited by the signed webhook).
    expect((await settings(org, { ...on, confirm_charge_now: true })).status).toBe(200);
    await eventually(async () => ((await balance(org)) === 13 ? true : undefined));
    const [charge] = chargesOf(org);
    expect(charge).toMatchObject({ amount: 500, offSession: true, outcome: 'succeeded' });
    // The webhook's credit can land before the charge's own request has written its audit row.
    const events = await eventually(async () => {
      const rows = await auditActions(org);
      const actions = rows.map((e) => e.action);
      return actions.includes('billing.auto_top_up.pending') &&
        actions.includes('billing.auto_top_up.paid')
        ? rows
        : undefined;
    });
    const updates = events.filter((e) => e.action === 'billing.auto_top_up.update');
    expect(updates).toHaveLength(2);
    expect(updates[0]).toMatchObject({
      before: { enabled: false, threshold_usd: 10 },
      after: { enabled: true, threshold_usd: 10, amount_usd: 5, monthly_cap_usd: 20 },
    });
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['billing.auto_top_up.pending', 'billing.auto_top_up.paid']),
    );
  });
});

describe('recharges', () => {
  it('charges once when concurrent charges on three instances cross the threshold', async () => {
    const { org } = await cardOnFile();
    const body = { enabled: true, threshold_usd: 6, amount_usd: 10, monthly_cap_usd: 100 };
    expect((await settings(org, body)).status).toBe(200);
    // Five $1 charges at once (the unlocked concurrency) over the three instances: $8 → $3,
    // under $6 from the third on, while every instance's scheduler looks.
    await Promise.all([0, 1, 2, 0, 1].map((i) => spend(org, 10, i)));
    await eventually(async () => ((await balance(org)) === 13 ? true : undefined));
    await cronPass();
    expect(chargesOf(org)).toHaveLength(1);
    const deposits = await voice(base, org.apiKey, '/v1/billing/ledger');
    const rows = ((await deposits.json()) as { entries: { kind: string; reference: string }[] })
      .entries;
    expect(
      rows.filter((r) => r.kind === 'deposit' && r.reference.startsWith('pi_auto_')),
    ).toHaveLength(1);
  });

  it('stops at three recharges a day and at the monthly cap', async () => {
    // A threshold no recharge reaches: only the caps stop it. Balance $8 before.
    const rechargedUnder = async (monthly_cap_usd: number, balanceAfter: number) => {
      const { org } = await cardOnFile();
      await settings(org, {
        enabled: true,
        threshold_usd: 1000,
        amount_usd: 5,
        monthly_cap_usd,
        confirm_charge_now: true,
      });
      await eventually(async () => ((await balance(org)) === balanceAfter ? true : undefined));
      await cronPass();
      await cronPass();
      return org;
    };
    const daily = await rechargedUnder(1000, 23);
    expect(chargesOf(daily)).toHaveLength(3);
    const state = (await (await voice(base, daily.apiKey, '/v1/billing/auto-top-up')).json()) as {
      recharges_today: number;
      charged_this_month_usd: number;
    };
    expect(state).toMatchObject({ recharges_today: 3, charged_this_month_usd: 15 });
    // $5 + $5 fit under $12; a third $5 would not.
    const monthly = await rechargedUnder(12, 18);
    expect(chargesOf(monthly)).toHaveLength(2);
  });

  it('uses a new idempotency key per attempt, and three declines in a row turn it off and mail the owner', async () => {
    const { org, email } = await cardOnFile();
    stripe.script(org.orgId, ['card_declined', 'card_declined', 'card_declined']);
    await settings(org, {
      enabled: true,
      threshold_usd: 10,
      amount_usd: 5,
      monthly_cap_usd: 100,
      confirm_charge_now: true,
    });
    const mail = await smtp.next(email, 20_000);
    expect(mail.subject).toMatch(/Auto top-up is off/);
    expect(mail.text).toMatch(/declined 3 times/);
    expect(mail.text).toContain(`/console/orgs/${org.orgId}/billing/auto-top-up`);
    const charges = chargesOf(org);
    expect(charges).toHaveLength(3);
    const keys = charges.map((c) => c.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^auto-top-up-[0-9a-f-]{36}$/);
    await cronPass();
    expect(chargesOf(org)).toHaveLength(3);
    const state = (await (await voice(base, org.apiKey, '/v1/billing/auto-top-up')).json()) as {
      settings: { enabled: boolean; consecutive_failures: number };
      attempts: { status: string; failure: string }[];
    };
    expect(state.settings).toMatchObject({ enabled: false, consecutive_failures: 3 });
    expect(state.attempts.map((a) => [a.status, a.failure])).toEqual([
      ['declined', 'insufficient_funds'],
      ['declined', 'insufficient_funds'],
      ['declined', 'insufficient_funds'],
    ]);
    const actions = (await auditActions(org)).map((e) => e.action);
    expect(actions.filter((a) => a === 'billing.auto_top_up.declined')).toHaveLength(3);
    expect(actions).toContain('billing.auto_top_up.disabled');
    expect(await balance(org)).toBe(8);
  });

  it('mails the owners a Checkout link for the same amount when the bank wants the cardholder', async () => {
    const { org, email } = await cardOnFile();
    stripe.script(org.orgId, ['authentication_required']);
    await settings(org, {
      enabled: true,
      threshold_usd: 10,
      amount_usd: 7.5,
      monthly_cap_usd: 100,
      confirm_charge_now: true,
    });
    const mail = await smtp.next(email, 20_000);
    expect(mail.subject).toMatch(/confirm the \$7\.50 payment/);
    const link = /(http:\/\/\S+\/checkout\/(cs_[^\s/?]+))/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    // No other charge while the link is open.
    await cronPass();
    expect(chargesOf(org)).toHaveLength(1);
    // The owner pays it: the Checkout webhook credits $7.50.
    const paidAt = await fetch(`${emulate.url}/checkout/${link![2]}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paidAt.status).toBe(302);
    await eventually(async () => ((await balance(org)) === 15.5 ? true : undefined));
  });
});

describe('low-balance mail', () => {
  it('mails once per crossing and again after the balance went back above', async () => {
    const { org, email } = await ownerOrg();
    await settings(org, {
      enabled: false,
      threshold_usd: 1,
      amount_usd: 5,
      monthly_cap_usd: 5,
      low_balance_usd: 2.5,
    });
    const lowMails = () =>
      smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith('Low balance'));
    await spend(org, 6); // $3 → $2.40: crossed
    const first = await smtp.next(email, 20_000);
    expect(first.subject).toBe('Low balance: $2.40 left');
    await spend(org, 1); // $2.30: still under, no new crossing
    await payByCheckout(org, 5); // $7.30: back above, re-armed
    await eventually(async () => ((await balance(org)) === 7.3 ? true : undefined));
    await cronPass();
    await spend(org, 50); // $2.30: the second crossing
    const second = await smtp.next(email, 20_000);
    expect(second.subject).toBe('Low balance: $2.30 left');
    expect(lowMails()).toHaveLength(2);
  });
});
