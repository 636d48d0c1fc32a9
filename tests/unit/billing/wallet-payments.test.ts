// The money path on a real (embedded) Postgres: a paid top-up credits once however many times
// and however concurrently its event arrives; refunds and disputes take back what the balance
// holds and record the rest as owed; while owed, new calls and speech are refused.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeTopUp } from '@/lib/wallet/billing/complete-top-up';
import { applyDispute } from '@/lib/wallet/billing/apply-dispute';
import { applyRefund } from '@/lib/wallet/billing/apply-refund';
import { startTopUp } from '@/lib/wallet/billing/start-top-up';
import { settleSandboxCheckout } from '@/lib/wallet/billing/settle-sandbox-checkout';
import { schema, type Db } from '@/lib/adapters/db';
import { isApiError } from '@/lib/platform/http';
import { assertWalletUsable } from '@/lib/wallet/assert-wallet-usable';
import { effectiveLimits } from '@/lib/wallet/limits/effective-limits';
import { getOrgOrThrow } from '@/lib/accounts/orgs/get-org';
import {
  billingDeps,
  chargeSpeech,
  ledgerOf,
  manualClock,
  newOrg,
  startedSession,
  wallet,
} from './billing-fixture';
import { openForSuite, pgliteAdapter } from '../../support/databases';

const clock = manualClock();
let db: Db;
openForSuite(pgliteAdapter, (opened) => (db = opened));

const now = () => new Date(clock.now());
const actor = { type: 'user' as const, id: 'user-1' };
const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (isApiError(error) ? error.code : String(error)),
  );

async function paidTopUp(orgId: string, cents: number, pi: string) {
  const deps = billingDeps(db, clock);
  const { sessionId } = await startedSession(deps, orgId, cents);
  expect(await completeTopUp(deps, { sessionId, paymentIntentId: pi, now: now() })).toBe(
    'credited',
  );
  return sessionId;
}

/** A new org that has paid `cents` through a completed top-up (PaymentIntent `pi`). */
async function orgPaid(cents: number, pi: string): Promise<string> {
  const { orgId } = await newOrg(db, clock);
  await paidTopUp(orgId, cents, pi);
  return orgId;
}

describe('crediting a top-up', () => {
  it('credits once when the paid event arrives five times at once, and counts toward the unlock', async () => {
    const { orgId } = await newOrg(db, clock);
    const deps = billingDeps(db, clock);
    const { sessionId } = await startedSession(deps, orgId, 500);
    expect(effectiveLimits(await getOrgOrThrow(db, orgId)).concurrency).toBe(1);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        completeTopUp(deps, { sessionId, paymentIntentId: 'pi_once', now: now() }),
      ),
    );
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(await wallet(db, orgId)).toEqual({ balance: 5_000_000, owed: 0, deposits: 5_000_000 });
    const rows = await ledgerOf(db, orgId);
    expect(rows.map((r) => [r.kind, r.amountMicros, r.reference])).toEqual([
      ['deposit', 5_000_000, 'pi_once'],
    ]);
    expect(effectiveLimits(await getOrgOrThrow(db, orgId)).concurrency).toBe(5);
  });

  it('credits by our top-up id when the session was never recorded (a crash between the two)', async () => {
    const { orgId } = await newOrg(db, clock);
    const deps = billingDeps(db, clock);
    const topUpId = randomUUID();
    await db.insert(schema.topUps).values({
      id: topUpId,
      orgId,
      provider: 'stripe',
      checkoutSessionId: `pending:${topUpId}`,
      amountMicros: 6_000_000,
      createdAt: now(),
    });
    expect(
      await completeTopUp(deps, {
        sessionId: 'cs_unrecorded',
        paymentIntentId: 'pi_unrec',
        topUpId,
        now: now(),
      }),
    ).toBe('credited');
    expect(
      await completeTopUp(deps, {
        sessionId: 'cs_unrecorded',
        paymentIntentId: 'pi_unrec',
        now: now(),
      }),
    ).toBe('already_applied');
    expect((await wallet(db, orgId)).balance).toBe(6_000_000);
    expect(
      await completeTopUp(deps, {
        sessionId: 'cs_x',
        paymentIntentId: 'pi_y',
        topUpId: 'not-a-uuid',
        now: now(),
      }),
    ).toBe('not_ours');
  });

  it('ignores a session it did not create', async () => {
    const deps = billingDeps(db, clock);
    expect(
      await completeTopUp(deps, { sessionId: 'cs_foreign', paymentIntentId: 'pi_x', now: now() }),
    ).toBe('not_ours');
  });

  it('refuses amounts outside the bounds and unknown orgs', async () => {
    const deps = billingDeps(db, clock);
    const { orgId } = await newOrg(db, clock);
    const start = (id: string, amountCents: number) =>
      codeOf(
        startTopUp(deps, { orgId: id, amountCents, keyId: null, origin: 'http://x.test', actor }),
      );
    expect(await start(orgId, 499)).toBe('INVALID_BODY');
    expect(await start(orgId, 100_001)).toBe('INVALID_BODY');
    expect(await start('00000000-0000-4000-8000-000000000000', 500)).toBe('NOT_FOUND');
  });

  it('sandbox: Decline is final, Pay credits through the same path', async () => {
    const deps = billingDeps(db, clock);
    const { orgId } = await newOrg(db, clock);
    const declined = await startTopUp(deps, {
      orgId,
      amountCents: 700,
      keyId: null,
      origin: 'http://x.test',
      actor,
    });
    expect(
      await settleSandboxCheckout(deps, { topUpId: declined.top_up_id, action: 'decline' }),
    ).toBe('declined');
    expect(await settleSandboxCheckout(deps, { topUpId: declined.top_up_id, action: 'pay' })).toBe(
      'declined',
    );
    const paid = await startTopUp(deps, {
      orgId,
      amountCents: 700,
      keyId: null,
      origin: 'http://x.test',
      actor,
    });
    expect(await settleSandboxCheckout(deps, { topUpId: paid.top_up_id, action: 'pay' })).toBe(
      'credited',
    );
    expect(await settleSandboxCheckout(deps, { topUpId: paid.top_up_id, action: 'pay' })).toBe(
      'already_applied',
    );
    expect((await wallet(db, orgId)).balance).toBe(7_000_000);

    // Each start names who started it and the checkout; only the paid one has a credit row, once.
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.orgId, orgId))
      .orderBy(schema.auditLog.id);
    const billing = audit.filter((row) => row.action.startsWith('billing.top_up.'));
    expect(billing.map((row) => [row.action, row.actorType, row.actorId, row.targetId])).toEqual([
      ['billing.top_up.start', 'user', 'user-1', declined.top_up_id],
      ['billing.top_up.start', 'user', 'user-1', paid.top_up_id],
      ['billing.top_up.paid', 'system', null, paid.top_up_id],
    ]);
    expect(billing[0]!.after).toEqual({
      amount_usd: 7,
      provider: 'sandbox',
      checkout_session_id: `sandbox_${declined.top_up_id}`,
    });
    expect(billing[2]!.after).toEqual({
      amount_usd: 7,
      provider: 'sandbox',
      payment_intent_id: `sandbox_pi_${paid.top_up_id}`,
      checkout_session_id: `sandbox_${paid.top_up_id}`,
    });
  });
});

describe('refunds', () => {
  it('takes back from a balance that covers it and withdraws the unlock', async () => {
    const orgId = await orgPaid(1000, 'pi_r1');
    expect(
      await applyRefund(db, {
        chargeId: 'ch_r1',
        paymentIntentId: 'pi_r1',
        amountRefundedCents: 600,
        now: now(),
      }),
    ).toBe('taken_back');
    expect(await wallet(db, orgId)).toEqual({ balance: 4_000_000, owed: 0, deposits: 4_000_000 });
    expect(effectiveLimits(await getOrgOrThrow(db, orgId)).concurrency).toBe(1);
  });

  it('records what the balance cannot cover as owed; calls and speech get WALLET_IN_DEBT until a top-up covers it', async () => {
    const orgId = await orgPaid(1000, 'pi_r2');
    // Spend 8 of the 10 dollars.
    await chargeSpeech(db, orgId, 160_000, now());
    expect((await wallet(db, orgId)).balance).toBe(2_000_000);
    await applyRefund(db, {
      chargeId: 'ch_r2',
      paymentIntentId: 'pi_r2',
      amountRefundedCents: 1000,
      now: now(),
    });
    expect(await wallet(db, orgId)).toEqual({ balance: 0, owed: 8_000_000, deposits: 0 });
    expect(() => assertWalletUsable({ balanceMicros: 5, owedMicros: 8_000_000 })).toThrow(/owing/);
    expect(await codeOf(chargeSpeech(db, orgId, 10, now()))).toBe('WALLET_IN_DEBT');
    await paidTopUp(orgId, 1000, 'pi_r2b');
    expect(await wallet(db, orgId)).toEqual({ balance: 2_000_000, owed: 0, deposits: 10_000_000 });
    const kinds = (await ledgerOf(db, orgId)).map((r) => [
      r.kind,
      r.amountMicros,
      r.owedChangeMicros,
    ]);
    expect(kinds.slice(-3)).toEqual([
      ['payment_refund', -2_000_000, 8_000_000],
      ['deposit', 10_000_000, null],
      ['debt_repayment', -8_000_000, -8_000_000],
    ]);
    expect(await codeOf(chargeSpeech(db, orgId, 10, now()))).toBe('resolved');
  });

  it('applies cumulative refunds once, in any order and any number of times', async () => {
    const orgId = await orgPaid(2000, 'pi_r3');
    const refund = (cents: number) =>
      applyRefund(db, {
        chargeId: 'ch_r3',
        paymentIntentId: 'pi_r3',
        amountRefundedCents: cents,
        now: now(),
      });
    expect(await refund(1500)).toBe('taken_back');
    expect(await refund(500)).toBe('already_applied'); // the older event, late
    expect(await refund(1500)).toBe('already_applied'); // a replay
    expect(await refund(2000)).toBe('taken_back');
    expect(await wallet(db, orgId)).toEqual({ balance: 0, owed: 0, deposits: 0 });
  });

  it('a refund or dispute that arrives before its payment is held, then applied with the credit', async () => {
    const { orgId } = await newOrg(db, clock);
    const deps = billingDeps(db, clock);
    const { sessionId } = await startedSession(deps, orgId, 1000);
    // The same event each time (Stripe replays it).
    const earlyRefund = () =>
      applyRefund(db, {
        chargeId: 'ch_early',
        paymentIntentId: 'pi_early',
        amountRefundedCents: 300,
        now: now(),
      });
    expect(await earlyRefund()).toBe('held');
    expect(
      await applyDispute(db, {
        disputeId: 'dp_early',
        chargeId: 'ch_early',
        paymentIntentId: 'pi_early',
        amountCents: 200,
        outcome: 'opened',
        now: now(),
      }),
    ).toBe('held');
    expect(await wallet(db, orgId)).toEqual({ balance: 0, owed: 0, deposits: 0 });
    await completeTopUp(deps, { sessionId, paymentIntentId: 'pi_early', now: now() });
    expect(await wallet(db, orgId)).toEqual({ balance: 5_000_000, owed: 0, deposits: 5_000_000 });
    // Replays of the held events change nothing more.
    expect(await earlyRefund()).toBe('already_applied');
  });

  it('a reversal without a PaymentIntent we know of changes nothing', async () => {
    expect(
      await applyRefund(db, {
        chargeId: 'ch_x',
        paymentIntentId: null,
        amountRefundedCents: 100,
        now: now(),
      }),
    ).toBe('not_ours');
  });
});

describe('disputes', () => {
  const dispute = (id: string, pi: string, outcome: 'opened' | 'lost' | 'won', cents = 1000) =>
    applyDispute(db, {
      disputeId: id,
      chargeId: '',
      paymentIntentId: pi,
      amountCents: cents,
      outcome,
      now: now(),
    });

  it('opened then lost takes the amount back once; owed when spent', async () => {
    const orgId = await orgPaid(1000, 'pi_d1');
    await chargeSpeech(db, orgId, 100_000, now());
    expect(await dispute('dp_1', 'pi_d1', 'opened')).toBe('taken_back');
    expect(await dispute('dp_1', 'pi_d1', 'lost')).toBe('already_applied');
    expect(await wallet(db, orgId)).toEqual({ balance: 0, owed: 5_000_000, deposits: 0 });
  });

  it('closed lost without the opened event still takes it back; a late opened changes nothing', async () => {
    const orgId = await orgPaid(1000, 'pi_d2');
    expect(await dispute('dp_2', 'pi_d2', 'lost')).toBe('taken_back');
    expect(await dispute('dp_2', 'pi_d2', 'opened')).toBe('already_applied');
    expect(await wallet(db, orgId)).toEqual({ balance: 0, owed: 0, deposits: 0 });
  });

  it('won gives back what was taken (and counts toward the unlock again); won before opened takes nothing', async () => {
    const orgId = await orgPaid(1000, 'pi_d3');
    await dispute('dp_3', 'pi_d3', 'opened');
    expect(await dispute('dp_3', 'pi_d3', 'won')).toBe('given_back');
    expect(await dispute('dp_3', 'pi_d3', 'won')).toBe('already_applied');
    expect(await wallet(db, orgId)).toEqual({ balance: 10_000_000, owed: 0, deposits: 10_000_000 });
    expect(await dispute('dp_4', 'pi_d3', 'won')).toBe('given_back');
    expect(await dispute('dp_4', 'pi_d3', 'opened')).toBe('already_applied');
    expect(await wallet(db, orgId)).toEqual({ balance: 10_000_000, owed: 0, deposits: 10_000_000 });
  });
});
