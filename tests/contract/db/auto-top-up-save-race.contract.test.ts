import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDueAutoTopUps } from '@/lib/wallet/billing/auto-top-up/run-due-auto-top-ups';
import { saveAutoTopUp } from '@/lib/wallet/billing/auto-top-up/save-auto-top-up';
import type { AutoTopUpDeps } from '@/lib/wallet/billing/auto-top-up/types';
import { createPostgresDatabase, schema, type Db } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { databaseAdapters, freshPostgresUrl, openForSuite } from '../../support/databases';
import { billingDeps, manualClock, newOrg, noMail } from '../../unit/billing/billing-fixture';

// PUT /v1/billing/auto-top-up while the scheduler works on the same org. Seen once in the fuzzer
// as a 500: saving locked the org row FOR UPDATE, then the settings row; the scheduler's claim
// locks the settings row, then inserts an attempt whose foreign key takes KEY SHARE on the org
// row (and a recharge's credit updated the settings row, then the balance). Opposite orders:
// Postgres broke the deadlock by aborting the save, and 40P01 reached the client as a 500.

const system = { type: 'system' as const, id: null };
/** The fuzzer's body, large values and all. */
const fuzzed = {
  enabled: false,
  threshold_usd: 877029.52,
  amount_usd: 576.32,
  monthly_cap_usd: 15642.86,
  low_balance_usd: 184106.47,
  confirm_charge_now: false,
};

function deps(db: Db): AutoTopUpDeps {
  const clock = manualClock(Date.parse('2026-11-10T09:00:00Z'));
  return {
    ...billingDeps(db, clock),
    mailer: noMail,
    origin: 'http://x.test',
    webhookWaitMs: 60_000,
  };
}

async function dueOrg(db: Db) {
  const d = deps(db);
  const { orgId } = await newOrg(db, d.clock);
  await saveAutoTopUp(
    d,
    {
      orgId,
      enabled: true,
      threshold_usd: 1000,
      amount_usd: 5,
      monthly_cap_usd: 10_000,
      low_balance_usd: 100,
      confirm_charge_now: true,
    },
    system,
  );
  return { d, orgId };
}

describe('saving auto top-up against a transaction that holds the settings row (postgres)', () => {
  let db: Db;
  let peer: pg.Client;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const { url, drop } = await freshPostgresUrl();
    const database = createPostgresDatabase(url, { max: 5 });
    db = await database.ready();
    peer = new pg.Client({ connectionString: url });
    await peer.connect();
    dispose = async () => {
      await peer.end();
      await database.close();
      await drop();
    };
  }, 120_000);
  afterAll(() => dispose?.());

  /** Resolves once some other backend of this database waits on a lock. */
  async function saveIsWaiting() {
    for (let i = 0; i < 500; i++) {
      const { rows } = await peer.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      if (Number(rows[0]!.n) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the save never waited for the settings row');
  }

  // Each peer does what a scheduler transaction does: first the settings row, then the org row.
  const peers = {
    "the claim's attempt row (its foreign key checks the org)": async (orgId: string) => {
      await peer.query(
        `INSERT INTO auto_top_up_attempts (id, org_id, amount_micros, idempotency_key, status, created_at)
         VALUES ($1, $2, 5000000, $3, 'claimed', now())`,
        [randomUUID(), orgId, `race-${randomUUID()}`],
      );
    },
    'a wallet move on the org': async (orgId: string) => {
      await peer.query(
        'UPDATE organizations SET balance_micros = balance_micros + 1 WHERE id = $1',
        [orgId],
      );
    },
  };

  for (const [name, touchOrg] of Object.entries(peers)) {
    it(`the save is not lost to a deadlock with ${name}`, { timeout: 30_000 }, async () => {
      const { d, orgId } = await dueOrg(db);
      await peer.query('BEGIN');
      await peer.query('SELECT 1 FROM auto_top_up_settings WHERE org_id = $1 FOR UPDATE', [orgId]);
      const saving = saveAutoTopUp(d, { ...fuzzed, orgId }, system).then(
        (saved) => ({ saved }),
        (error: unknown) => ({ error }),
      );
      await saveIsWaiting();
      const peerDone = touchOrg(orgId).then(
        () => peer.query('COMMIT'),
        async (error: unknown) => {
          await peer.query('ROLLBACK');
          throw error;
        },
      );
      const outcome = await saving;
      await peerDone;
      expect(outcome).not.toHaveProperty('error');
      const [row] = await db
        .select()
        .from(schema.autoTopUpSettings)
        .where(eq(schema.autoTopUpSettings.orgId, orgId));
      expect(row).toMatchObject({
        enabled: false,
        thresholdMicros: 877_029_520_000,
        amountMicros: 576_320_000,
        monthlyCapMicros: 15_642_860_000,
        lowBalanceMicros: 184_106_470_000,
      });
    });
  }
});

describe.each(databaseAdapters)(
  'concurrent saves and scheduler passes on one org, on $name',
  (adapter) => {
    let db: Db;
    openForSuite(adapter, (ready) => {
      db = ready;
    });

    it(
      'every save ends saved or as an ApiError, never a database error',
      { timeout: 60_000 },
      async () => {
        const { d, orgId } = await dueOrg(db);
        const outcomes = await Promise.allSettled(
          Array.from({ length: 24 }, (_, i) =>
            i % 3 === 2
              ? startDueAutoTopUps(d, 8).then((s) => Promise.all(s.running))
              : saveAutoTopUp(
                  d,
                  {
                    ...fuzzed,
                    orgId,
                    enabled: i % 2 === 0,
                    threshold_usd: fuzzed.threshold_usd + i,
                    confirm_charge_now: i % 4 === 0,
                  },
                  system,
                ),
          ),
        );
        for (const outcome of outcomes)
          if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ApiError);
        const [row] = await db
          .select()
          .from(schema.autoTopUpSettings)
          .where(eq(schema.autoTopUpSettings.orgId, orgId));
        expect(row?.lowBalanceMicros).toBe(184_106_470_000);
      },
    );
  },
);
