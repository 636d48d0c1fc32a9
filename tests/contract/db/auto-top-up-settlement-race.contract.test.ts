import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPaymentEvent } from '@/lib/wallet/billing/apply-payment-event';
import { saveAutoTopUp } from '@/lib/wallet/billing/auto-top-up/save-auto-top-up';
import { startDueAutoTopUps } from '@/lib/wallet/billing/auto-top-up/run-due-auto-top-ups';
import {
  claimOverdueAutoTopUps,
  settleOverdueAutoTopUp,
} from '@/lib/wallet/billing/auto-top-up/settle-overdue-auto-top-ups';
import type { AutoTopUpDeps } from '@/lib/wallet/billing/auto-top-up/types';
import { createPostgresDatabase, schema, type Db } from '@/lib/adapters/db';
import type { PaymentIntentOutcome } from '@/lib/adapters/payments';
import { allowConsoleError } from '../../support/console-guard';
import { freshPostgresUrl, freshPglite } from '../../support/databases';
import {
  billingDeps,
  ledgerOf,
  manualClock,
  newOrg,
  noMail,
  silentStripe,
  wallet,
} from '../../unit/billing/billing-fixture';

// An auto top-up whose webhook is overdue is settled by one instance asking the provider, while
// the webhook arrives late at another instance: whichever order the two meet in, the org is
// credited exactly once (one deposit, one ledger row, one paid top-up, one audit entry), and a
// failure counted for lack of an answer gives way to Stripe's word that it was paid.

const MINUTE = 60_000;
const WAIT = 60 * MINUTE;
const ROUNDS = 12;

/** Two instances of the app on one database: two pools on Postgres; PGlite is one process's. */
const pairs = [
  {
    name: 'pglite',
    open: async () => {
      const database = freshPglite();
      const db = await database.ready();
      return { one: db, two: db, dispose: () => database.close() };
    },
  },
  {
    name: 'postgres',
    open: async () => {
      const { url, drop } = await freshPostgresUrl();
      const first = createPostgresDatabase(url, { max: 5 });
      const one = await first.ready();
      const second = createPostgresDatabase(url, { max: 5 });
      const two = await second.ready();
      return {
        one,
        two,
        dispose: async () => {
          await first.close();
          await second.close();
          await drop();
        },
      };
    },
  },
];

describe.each(pairs)(
  'an overdue auto top-up settled while its webhook arrives, on $name',
  (pair) => {
    let one: Db;
    let two: Db;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ one, two, dispose } = await pair.open());
    }, 120_000);
    afterAll(() => dispose?.());

    /** An org whose $5 recharge the provider accepted an hour and a minute ago, no webhook since. */
    async function overdue(answer: PaymentIntentOutcome | 'unreadable') {
      const clock = manualClock(Date.parse('2026-11-10T09:00:00Z'));
      const payments = silentStripe();
      payments.answer = answer;
      const deps = (db: Db): AutoTopUpDeps => ({
        ...billingDeps(db, clock, payments),
        mailer: noMail,
        origin: 'http://x.test',
        webhookWaitMs: WAIT,
      });
      const { orgId } = await newOrg(one, clock);
      // Due below $5: once the $5 recharge is credited, nothing more is due.
      await saveAutoTopUp(
        deps(one),
        {
          orgId,
          enabled: true,
          threshold_usd: 5,
          amount_usd: 5,
          monthly_cap_usd: 500,
          low_balance_usd: null,
          confirm_charge_now: true,
        },
        { type: 'system', id: null },
      );
      const started = await startDueAutoTopUps(deps(one), 8);
      await Promise.all(started.running);
      const [attempt] = await one
        .select()
        .from(schema.autoTopUpAttempts)
        .where(eq(schema.autoTopUpAttempts.orgId, orgId));
      expect(attempt).toMatchObject({ status: 'pending' });
      clock.advance(WAIT + MINUTE);
      /** What the first instance's scheduler does with it: claim it, ask, settle. */
      const settle = async () => {
        const now = new Date(clock.now());
        const claimed = await claimOverdueAutoTopUps(one, now, WAIT, 50);
        await Promise.all(
          claimed.filter((a) => a.orgId === orgId).map((a) => settleOverdueAutoTopUp(deps(one), a)),
        );
      };
      /** Stripe's late payment_intent.succeeded, verified at the second instance. */
      const webhook = () =>
        applyPaymentEvent(deps(two), {
          type: 'off_session_paid',
          paymentIntentId: attempt!.paymentIntentId!,
          attemptId: attempt!.id,
        });
      return { orgId, attemptId: attempt!.id, settle, webhook };
    }

    async function expectCreditedOnce(orgId: string, attemptId: string) {
      expect(await wallet(two, orgId)).toMatchObject({ balance: 5_000_000, deposits: 5_000_000 });
      const deposits = (await ledgerOf(two, orgId)).filter((row) => row.kind === 'deposit');
      expect(deposits).toHaveLength(1);
      const topUps = await two.select().from(schema.topUps).where(eq(schema.topUps.orgId, orgId));
      expect(topUps).toMatchObject([{ id: attemptId, status: 'paid', amountMicros: 5_000_000 }]);
      const paid = await two
        .select()
        .from(schema.auditLog)
        .where(
          and(
            eq(schema.auditLog.orgId, orgId),
            eq(schema.auditLog.action, 'billing.auto_top_up.paid'),
          ),
        );
      expect(paid).toHaveLength(1);
      const [attempt] = await two
        .select()
        .from(schema.autoTopUpAttempts)
        .where(eq(schema.autoTopUpAttempts.id, attemptId));
      expect(attempt).toMatchObject({ status: 'succeeded' });
    }

    it('provider says paid: the status check and the webhook credit it once between them', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const race = await overdue({ status: 'paid' });
        // Alternate who starts first; inside each pair the two run interleaved on the database.
        const [, outcome] =
          round % 2 === 0
            ? await Promise.all([race.settle(), race.webhook()])
            : (await Promise.all([race.webhook(), race.settle()])).reverse();
        expect(['credited', 'already_applied']).toContain(outcome);
        await expectCreditedOnce(race.orgId, race.attemptId);
      }
    });

    it('status unreadable: the failure counted meanwhile gives way to the paid webhook, credited once', async () => {
      allowConsoleError(/no webhook, and its status cannot be read/);
      for (let round = 0; round < ROUNDS; round++) {
        const race = await overdue('unreadable');
        await Promise.all(
          round % 2 === 0 ? [race.settle(), race.webhook()] : [race.webhook(), race.settle()],
        );
        await expectCreditedOnce(race.orgId, race.attemptId);
        // A webhook delivered twice (Stripe retries) changes nothing.
        expect(await race.webhook()).toBe('already_applied');
        await expectCreditedOnce(race.orgId, race.attemptId);
      }
    });
  },
);
