import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { creditAutoTopUp } from '@/lib/wallet/billing/auto-top-up/credit-auto-top-up';
import { startDueAutoTopUps } from '@/lib/wallet/billing/auto-top-up/run-due-auto-top-ups';

import {
  OUTCOME_UNKNOWN,
  STATUS_UNREADABLE,
} from '@/lib/wallet/billing/auto-top-up/settle-overdue-auto-top-ups';
import type { AutoTopUpDeps } from '@/lib/wallet/billing/auto-top-up/types';
import { schema, type Db } from '@/lib/adapters/db';
import { allowConsoleError } from '../../support/console-guard';
import {
  autoTopUpAlwaysDue,
  billingDeps,
  manualClock,
  newOrg,
  noMail,
  silentStripe,
  wallet,
} from './billing-fixture';
import { openForSuite, pgliteAdapter } from '../../support/databases';

// An off-session recharge the provider accepted but whose webhook never comes: after the wait
// (on the injected clock) the scheduler's pass asks the payments port where the PaymentIntent
// stands and credits or fails it, so the org's one in-flight slot is never held for good.
let db: Db;
openForSuite(pgliteAdapter, (opened) => (db = opened));
// Each test recharges only its own org: what one leaves on or in flight is put away after it.
afterEach(async () => {
  await db.update(schema.autoTopUpSettings).set({ enabled: false });
  await db
    .update(schema.autoTopUpAttempts)
    .set({ status: 'declined' })
    .where(inArray(schema.autoTopUpAttempts.status, ['claimed', 'pending']));
});

const MINUTE = 60_000;
const WAIT = 60 * MINUTE;
async function setUp() {
  const clock = manualClock(Date.parse('2026-11-10T09:00:00Z'));
  const payments = silentStripe();
  const deps: AutoTopUpDeps = {
    ...billingDeps(db, clock, payments),
    mailer: noMail,
    origin: 'http://x',
    webhookWaitMs: WAIT,
  };
  const { orgId } = await newOrg(db, clock);
  await autoTopUpAlwaysDue(deps, orgId, 500);
  /** One scheduler billing pass, waited for. */
  const pass = async () => {
    const started = await startDueAutoTopUps(deps, 8);
    await Promise.all(started.running);
    return started.started;
  };
  const attempts = () =>
    db
      .select()
      .from(schema.autoTopUpAttempts)
      .where(eq(schema.autoTopUpAttempts.orgId, orgId))
      .orderBy(schema.autoTopUpAttempts.createdAt);
  const audit = (action: string) =>
    db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.orgId, orgId), eq(schema.auditLog.action, action)));
  /** The PaymentIntents of this org the provider was asked about (the database is shared). */
  const asked = async () => {
    const ours = new Set((await attempts()).map((a) => `pi_${a.id}`));
    return payments.asked.filter((id) => ours.has(id));
  };
  return { clock, payments, deps, orgId, pass, attempts, audit, asked };
}

describe('an auto top-up whose webhook never arrives', () => {
  it('waits its hour, then asks the provider: paid is credited once, by the webhook’s own code', async () => {
    const { clock, orgId, pass, attempts, audit, asked } = await setUp();
    expect(await pass()).toBe(1);
    const [first] = await attempts();
    expect(first).toMatchObject({ status: 'pending', paymentIntentId: `pi_${first!.id}` });

    // Within the wait nothing is asked, and the attempt in flight blocks a second recharge.
    clock.advance(WAIT - MINUTE);
    expect(await pass()).toBe(0);
    expect(await asked()).toEqual([]);
    expect(await attempts()).toHaveLength(1);

    clock.advance(MINUTE);
    await pass();
    expect(await asked()).toEqual([`pi_${first!.id}`]);
    const [settled] = await attempts();
    expect(settled!.status).toBe('succeeded');
    expect((await wallet(db, orgId)).balance).toBe(5_000_000);
    const deposits = await db
      .select()
      .from(schema.walletLedger)
      .where(eq(schema.walletLedger.reference, `pi_${first!.id}`));
    expect(deposits).toHaveLength(1);
    const [paid] = await audit('billing.auto_top_up.paid');
    expect(paid!.after).toMatchObject({
      amount_usd: 5,
      payment_intent_id: `pi_${first!.id}`,
      via: 'status_check',
    });

    // The webhook arriving late after all changes nothing (the same code, keyed by the intent).
    expect(
      await creditAutoTopUp(db, {
        attemptId: first!.id,
        paymentIntentId: `pi_${first!.id}`,
        now: new Date(clock.now()),
      }),
    ).toBe('already_applied');
    expect((await wallet(db, orgId)).balance).toBe(5_000_000);

    // The org is free again: still under its threshold, the next recharge is claimed.
    expect(await pass()).toBeGreaterThan(0);
    expect(await attempts()).toHaveLength(2);
  });

  it('fails an attempt the provider reports unpaid, counted like a decline, and recharges again', async () => {
    const { clock, payments, orgId, pass, attempts, audit } = await setUp();
    payments.answer = { status: 'failed', failure: 'card_declined' };
    await pass();
    clock.advance(WAIT);
    await pass();
    const [first] = await attempts();
    expect(first).toMatchObject({ status: 'declined', failure: 'card_declined' });
    expect((await wallet(db, orgId)).balance).toBe(0);
    const [declined] = await audit('billing.auto_top_up.declined');
    expect(declined!.after).toMatchObject({
      failure: 'card_declined',
      failures_in_a_row: 1,
      via: 'status_check',
    });
    expect(await pass()).toBeGreaterThan(0);
    expect(await attempts()).toHaveLength(2);
  });

  it('fails an attempt whose status cannot be read; three in a row turn auto top-up off', async () => {
    allowConsoleError(/no webhook, and its status cannot be read/);
    const { clock, payments, orgId, pass, attempts, audit, asked } = await setUp();
    payments.answer = 'unreadable';
    for (let i = 0; i < 3; i++) {
      await pass();
      clock.advance(WAIT);
      await pass();
    }
    const all = await attempts();
    expect(all.map((a) => [a.status, a.failure])).toEqual([
      ['declined', STATUS_UNREADABLE],
      ['declined', STATUS_UNREADABLE],
      ['declined', STATUS_UNREADABLE],
    ]);
    expect(await asked()).toHaveLength(3);
    expect(await audit('billing.auto_top_up.declined')).toHaveLength(3);
    expect(await audit('billing.auto_top_up.disabled')).toHaveLength(1);
    const [settings] = await db
      .select()
      .from(schema.autoTopUpSettings)
      .where(eq(schema.autoTopUpSettings.orgId, orgId));
    expect(settings).toMatchObject({ enabled: false, consecutiveFailures: 3 });
    expect(await pass()).toBe(0);
  });
});

// A charge that never gets an answer is retried with its own key when its lease runs out, but
// not for ever: once the same wait has passed since its start it fails like a decline.
describe('an auto top-up whose charge never gets an answer', () => {
  it('is retried with its key within the wait, then fails like a decline and frees the org', async () => {
    allowConsoleError(/outcome unknown, retried with the same key/);
    const { clock, payments, orgId, pass, attempts, audit } = await setUp();
    payments.unreachable = true;
    // A pass a minute (and a bit, so each lease has run out) for the whole wait.
    const start = clock.now();
    await pass();
    while (clock.now() - start < WAIT) {
      clock.advance(MINUTE + 1_000);
      await pass();
    }
    const [first, second] = await attempts();
    expect(first).toMatchObject({ status: 'declined', failure: OUTCOME_UNKNOWN });
    // Every try used the attempt's own key, about one a minute, and they stopped with the wait.
    const tries = payments.keys.filter((key) => key === first!.idempotencyKey).length;
    expect(tries).toBeGreaterThan(50);
    expect(tries).toBeLessThanOrEqual(60);
    expect(payments.asked).toEqual([]);
    expect((await wallet(db, orgId)).balance).toBe(0);
    const declined = await audit('billing.auto_top_up.declined');
    expect(declined.map((row) => row.after)).toEqual([
      expect.objectContaining({ failure: OUTCOME_UNKNOWN, failures_in_a_row: 1 }),
    ]);
    // The slot is free at once: the pass that failed it claimed the next recharge, a new key.
    expect(second).toMatchObject({ status: 'claimed' });
    expect(payments.keys.slice(tries)).toEqual([second!.idempotencyKey]);
  });
});
