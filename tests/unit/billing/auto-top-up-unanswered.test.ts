import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTCOME_UNKNOWN } from '@/lib/billing/auto-top-up/fail-unanswered-auto-top-ups';
import { startDueAutoTopUps } from '@/lib/billing/auto-top-up/run-due-auto-top-ups';
import type { AutoTopUpDeps } from '@/lib/billing/auto-top-up/types';
import { schema, type Db } from '@/lib/db';
import type { Mailer } from '@/lib/mail';
import { SandboxPayments, type PaymentProvider, type SavedCardCharge } from '@/lib/payments';
import { allowConsoleError } from '../../support/console-guard';
import { autoTopUpAlwaysDue, billingDeps, manualClock, newOrg, wallet } from './billing-fixture';
import { openForSuite, pgliteAdapter } from '../../support/databases';

// A recharge whose charge never gets an answer (the provider cannot be reached) is retried with
// its own key when its lease runs out, but not for ever: once the webhook wait has passed since
// its start it fails like a decline, so the org's one in-flight slot is free again.
let db: Db;
openForSuite(pgliteAdapter, (opened) => (db = opened));
afterEach(async () => {
  await db.update(schema.autoTopUpSettings).set({ enabled: false });
  await db
    .update(schema.autoTopUpAttempts)
    .set({ status: 'declined' })
    .where(inArray(schema.autoTopUpAttempts.status, ['claimed', 'pending']));
});

const MINUTE = 60_000;
const WAIT = 60 * MINUTE;
const noMail: Mailer = { kind: 'outbox', description: 'none', send: async () => {} };

/** A provider every charge of which ends in a network error: the outcome is never known. */
function unreachableStripe() {
  const sandbox = new SandboxPayments();
  const provider = {
    kind: 'stripe' as const,
    description: 'never answers a charge (test)',
    keys: [] as string[],
    createCustomer: async () => null,
    createCheckout: sandbox.createCheckout.bind(sandbox),
    verifyEvent: () => sandbox.verifyEvent(),
    receiptFor: async () => null,
    chargeSavedCard: async (input: SavedCardCharge): Promise<never> => {
      provider.keys.push(input.idempotencyKey);
      throw new Error('connect ETIMEDOUT api.stripe.com');
    },
    paymentIntentOutcome: async (): Promise<never> => {
      throw new Error('not asked: no PaymentIntent is known');
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}

describe('an auto top-up whose charge never gets an answer', () => {
  it('is retried with its key within the wait, then fails like a decline and frees the org', async () => {
    allowConsoleError(/outcome unknown, retried with the same key/);
    const clock = manualClock(Date.parse('2026-11-12T09:00:00Z'));
    const payments = unreachableStripe();
    const deps: AutoTopUpDeps = {
      ...billingDeps(db, clock, payments),
      mailer: noMail,
      origin: 'http://x',
      webhookWaitMs: WAIT,
    };
    const { orgId } = await newOrg(db, clock);
    await autoTopUpAlwaysDue(deps, orgId, 500);
    const pass = async () => {
      const started = await startDueAutoTopUps(deps, 8);
      await Promise.all(started.running);
    };
    const attempts = () =>
      db
        .select()
        .from(schema.autoTopUpAttempts)
        .where(eq(schema.autoTopUpAttempts.orgId, orgId))
        .orderBy(schema.autoTopUpAttempts.createdAt);

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
    expect((await wallet(db, orgId)).balance).toBe(0);
    const declined = await db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.orgId, orgId),
          eq(schema.auditLog.action, 'billing.auto_top_up.declined'),
        ),
      );
    expect(declined.map((row) => row.after)).toEqual([
      expect.objectContaining({ failure: OUTCOME_UNKNOWN, failures_in_a_row: 1 }),
    ]);

    // The slot is free at once: the pass that failed it claimed the next recharge, a new key.
    expect(second).toMatchObject({ status: 'claimed' });
    expect(payments.keys.slice(tries)).toEqual([second!.idempotencyKey]);
  });
});
