// Wallet top-ups through Stripe, against a real Stripe stand-in process (emulate) and three
// built instances on one Postgres: the hosted checkout credits through the signed webhook;
// forged, replayed, duplicated and out-of-order events; refunds and disputes with and without
// the balance to cover them; the owed balance refusing calls and speech; bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstances, type Instances } from '../support/instances';
import { expectError } from '../support/leads-api';
import {
  deliver,
  plannedStripeStandin,
  signedEvent,
  startStripeStandin,
  STRIPE_TEST_KEY,
  type StripeStandin,
} from '../support/stripe-standin';
import { ledgerPage, paid, refunded, startStripeTopUp } from '../support/billing-api';
import { createTestOrg, orgDetail, voice, type TestOrg } from '../support/voice-api';

let instances: Instances;
let standin: StripeStandin;
let base: string;

beforeAll(async () => {
  const { port, env } = await plannedStripeStandin();
  instances = await startInstances(3, { env });
  base = instances.at(0).url;
  standin = await startStripeStandin({
    port,
    webhookUrls: [`${base}/v1/billing/stripe/webhook`],
  });
}, 120_000);
afterAll(async () => {
  await standin?.stop();
  await instances?.dispose();
});

const startTopUp = (org: TestOrg, amount_usd: number, at = base) =>
  startStripeTopUp(at, org, amount_usd);
const balance = async (org: TestOrg) => (await orgDetail(base, org.orgId)).wallet.balance_usd;
const ledger = (org: TestOrg) => ledgerPage(base, org);

describe('a top-up through Stripe Checkout', () => {
  it('pays on the hosted page, is credited by the signed webhook, and lifts the limits', async () => {
    const org = await createTestOrg(base, 1);
    expect((await orgDetail(base, org.orgId)).limits.concurrency).toBe(1);
    const topUp = await startTopUp(org, 5);
    expect(topUp.checkout_url).toContain(standin.url.replace('127.0.0.1', 'localhost'));
    const page = await fetch(topUp.checkout_url.replace('localhost', '127.0.0.1'));
    expect(page.status).toBe(200);
    // Pay: the stand-in sends the signed checkout.session.completed, then redirects back.
    const complete = await fetch(`${standin.url}/checkout/${topUp.sessionId}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(complete.status).toBe(302);
    expect(complete.headers.get('location')).toBe(
      `${base}/billing/top-ups/${topUp.top_up_id}?result=paid`,
    );
    const detail = await orgDetail(base, org.orgId);
    expect(detail.wallet.balance_usd).toBe(6);
    expect(detail.wallet.deposits_usd).toBe(5);
    expect(detail.limits.concurrency).toBe(5);
    const rows = (await ledger(org)).entries;
    expect(rows[0]).toMatchObject({ kind: 'deposit', amount_usd: 5, key_id: org.keyId });
    // The return page shows the result.
    const back = await fetch(complete.headers.get('location')!);
    expect(await back.text()).toMatch(/paid/);
  });

  it("creates the org's Stripe customer once", async () => {
    const org = await createTestOrg(base, 0);
    await startTopUp(org, 5);
    await startTopUp(org, 7.5, instances.at(1).url);
    const customers = (await fetch(`${standin.url}/v1/customers?limit=100`, {
      headers: { authorization: `Bearer ${STRIPE_TEST_KEY}` },
    }).then((r) => r.json())) as { data: { metadata: Record<string, string> }[] };
    expect(customers.data.filter((c) => c.metadata.org_id === org.orgId)).toHaveLength(1);
  });
});

describe('the webhook', () => {
  it('refuses a forged or stale signature and changes nothing', async () => {
    const org = await createTestOrg(base, 0);
    const { sessionId } = await startTopUp(org, 5);
    const forged = signedEvent(
      'checkout.session.completed',
      { id: sessionId, payment_status: 'paid', payment_intent: 'pi_forged' },
      { secret: 'whsec_not_ours' },
    );
    await expectError(await deliver(base, forged), 400, 'STRIPE_SIGNATURE_INVALID');
    const stale = signedEvent(
      'checkout.session.completed',
      { id: sessionId, payment_status: 'paid', payment_intent: 'pi_stale' },
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
    );
    await expectError(await deliver(base, stale), 400, 'STRIPE_SIGNATURE_INVALID');
    const unsigned = await fetch(`${base}/v1/billing/stripe/webhook`, {
      method: 'POST',
      body: forged.body,
    });
    await expectError(unsigned, 400, 'STRIPE_SIGNATURE_INVALID');
    const notJson = signedEvent('x', {});
    await expectError(
      await deliver(base, { body: 'not json{', signature: notJson.signature }),
      400,
      'INVALID_BODY',
    );
    expect(await balance(org)).toBe(0);
  });

  it('a replayed event credits once', async () => {
    const org = await createTestOrg(base, 0);
    const { sessionId } = await startTopUp(org, 9);
    const event = paid(sessionId, 'pi_replayed');
    const first = await deliver(base, event);
    const again = await deliver(base, event);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((await again.json()) as unknown).toEqual({ received: true, outcome: 'already_applied' });
    expect(await balance(org)).toBe(9);
    // Stripe's receipt arrives with charge.succeeded and is linked from the deposit's row.
    const receipt = 'https://pay.stripe.com/receipts/acct_x/ch_replayed';
    await deliver(
      base,
      signedEvent('charge.succeeded', {
        id: 'ch_replayed',
        payment_intent: 'pi_replayed',
        receipt_url: receipt,
      }),
    );
    const [deposit] = (await ledger(org)).entries;
    expect(deposit).toMatchObject({
      kind: 'deposit',
      reference: 'pi_replayed',
      receipt_url: receipt,
    });
  });

  it('the same event delivered to three instances at once credits once', async () => {
    const org = await createTestOrg(base, 0);
    const { sessionId } = await startTopUp(org, 12.34);
    const event = paid(sessionId, 'pi_three');
    const answers = await Promise.all(
      instances.urls().map((url) => deliver(url, event).then((r) => r.json())),
    );
    const outcomes = (answers as { outcome: string }[]).map((a) => a.outcome).sort();
    expect(outcomes).toEqual(['already_applied', 'already_applied', 'credited']);
    expect(await balance(org)).toBe(12.34);
    expect((await ledger(org)).entries.filter((e) => e.kind === 'deposit')).toHaveLength(1);
  });

  it('acknowledges and ignores a session it did not create', async () => {
    const response = await deliver(base, paid('cs_someone_elses', 'pi_elsewhere'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'not_ours' });
  });

  it('events out of order: unpaid completion then async success; refunds late and repeated', async () => {
    const org = await createTestOrg(base, 0);
    const { sessionId } = await startTopUp(org, 20);
    const unpaid = signedEvent('checkout.session.completed', {
      id: sessionId,
      payment_status: 'unpaid',
      payment_intent: 'pi_async',
    });
    expect(await (await deliver(base, unpaid)).json()).toMatchObject({ outcome: 'ignored' });
    expect(await balance(org)).toBe(0);
    const succeeded = signedEvent('checkout.session.async_payment_succeeded', {
      id: sessionId,
      payment_intent: 'pi_async',
    });
    await deliver(base, succeeded);
    await deliver(base, paid(sessionId, 'pi_async'));
    expect(await balance(org)).toBe(20);
    // Two partial refunds whose events arrive newest first, then the older one again.
    await deliver(base, refunded('pi_async', 1500));
    await deliver(base, refunded('pi_async', 500));
    await deliver(base, refunded('pi_async', 500));
    expect(await balance(org)).toBe(5);
    // A dispute closed (lost) before its created event: taken back once.
    const dispute = { id: 'dp_order', charge: 'ch_x', payment_intent: 'pi_async', amount: 500 };
    await deliver(base, signedEvent('charge.dispute.closed', { ...dispute, status: 'lost' }));
    await deliver(
      base,
      signedEvent('charge.dispute.created', { ...dispute, status: 'needs_response' }),
    );
    expect(await balance(org)).toBe(0);
    expect((await orgDetail(base, org.orgId)).wallet.deposits_usd).toBe(0);
  });
});

describe('a reversal delivered before its payment', () => {
  it('is held, then applied when the retried paid event credits the payment', async () => {
    const org = await createTestOrg(base, 0);
    const { sessionId } = await startTopUp(org, 10);
    const early = await deliver(instances.at(1).url, refunded('pi_late_paid', 400));
    expect(await early.json()).toEqual({ received: true, outcome: 'held' });
    expect(await balance(org)).toBe(0);
    await deliver(instances.at(2).url, paid(sessionId, 'pi_late_paid'));
    expect(await balance(org)).toBe(6);
    const kinds = (await ledger(org)).entries.map((e) => [e.kind, e.amount_usd]);
    expect(kinds).toEqual([
      ['payment_refund', -4],
      ['deposit', 10],
    ]);
  });
});

describe('refunds, disputes and the owed balance', () => {
  it('a refund the balance covers is taken back; the unlock is withdrawn', async () => {
    const org = await createTestOrg(base, 0);
    const { sessionId } = await startTopUp(org, 10);
    await deliver(base, paid(sessionId, 'pi_cover'));
    expect((await orgDetail(base, org.orgId)).limits.concurrency).toBe(5);
    await deliver(base, refunded('pi_cover', 600));
    const detail = await orgDetail(base, org.orgId);
    expect(detail.wallet.balance_usd).toBe(4);
    expect(detail.limits.concurrency).toBe(1);
  });

  it('what the balance cannot cover is owed: calls and speech get 402 WALLET_IN_DEBT until a top-up covers it', async () => {
    const org = await createTestOrg(base, 0);
    const first = await startTopUp(org, 5);
    await deliver(base, paid(first.sessionId, 'pi_debt'));
    // Spend part of it: a whole-text speech request is charged before any audio.
    const spoken = await voice(base, org.apiKey, '/v1/speak', {
      json: { text: 'x'.repeat(2000), voice_id: 'ava' },
    });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    const dispute = { id: 'dp_debt', charge: 'ch_debt', payment_intent: 'pi_debt', amount: 500 };
    await deliver(base, signedEvent('charge.dispute.created', dispute));
    expect(await balance(org)).toBe(0);
    const call = await voice(base, org.apiKey, '/v1/calls', {
      json: { phone_number: '+14155550123', task: 'Say hello.' },
    });
    await expectError(call, 402, 'WALLET_IN_DEBT');
    const speech = await voice(base, org.apiKey, '/v1/speak', {
      json: { text: 'hello', voice_id: 'ava' },
    });
    await expectError(speech, 402, 'WALLET_IN_DEBT');
    // The next top-up repays the debt first, and the wallet works again.
    const second = await startTopUp(org, 5);
    await deliver(base, paid(second.sessionId, 'pi_repay'));
    expect(await balance(org)).toBeCloseTo(5 - 0.1, 6);
    const kinds = (await ledger(org)).entries.map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(['debt_repayment', 'deposit', 'dispute']);
    const again = await voice(base, org.apiKey, '/v1/speak', {
      json: { text: 'hello', voice_id: 'ava' },
    });
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });
});

describe('start-up', () => {
  it('names the adapter', () => {
    expect(instances.at(0).logs()).toMatch(
      /payments: stripe \(test mode, API at http:\/\/127\.0\.0\.1:\d+/,
    );
  });
});
