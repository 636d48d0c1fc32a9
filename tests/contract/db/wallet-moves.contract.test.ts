import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, isUniqueViolation, schema, type Db } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { createOrg } from '@/lib/composition/create-org';
import {
  applyLedgerEntry,
  credit,
  holdForCall,
  isUnlocked,
  ledgerBalance,
  settleCallHold,
  takeBack,
} from '@/lib/wallet';
import { databaseAdapters, openForSuite } from '../../support/databases';

// Any random sequence of wallet moves, run two at a time on two instances (two pools on one
// Postgres database; PGlite: one process): balance = the ledger's sum, holds never below 0 nor
// above the balance, the balance never negative, and each deposit counted for the unlock once
// (a replay of the same payment credits nothing).

const PRICE = 90_000;
const NOW = new Date('2026-11-05T09:00:00Z');

const move = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), cents: fc.integer({ min: 1, max: 2_000 }) }),
  fc.record({ kind: fc.constant('replay' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('take_back' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('hold' as const), minutes: fc.integer({ min: 1, max: 60 }) }),
  fc.record({
    kind: fc.constant('settle' as const),
    which: fc.nat(),
    minutes: fc.integer({ min: 0, max: 90 }),
  }),
  fc.record({ kind: fc.constant('speech' as const), micros: fc.integer({ min: 1, max: 500_000 }) }),
);
type Move = typeof move extends fc.Arbitrary<infer T> ? T : never;

interface Model {
  deposits: { reference: string; micros: number }[];
  /** Deposits not reversed yet (a reversal takes one back whole, once). */
  reversible: { reference: string; micros: number }[];
  holds: { callId: string; micros: number }[];
  expectedDeposits: number;
}

/** Runs one move; refusals the wallet is right to make (402s, a replay) change nothing. */
async function run(db: Db, orgId: string, m: Move, model: Model): Promise<void> {
  // Choices are made before the first await, so two moves running together never pick the same.
  if (m.kind === 'credit') {
    const deposit = { reference: `pi_${randomUUID()}`, micros: m.cents * 10_000 };
    await db.transaction((tx) =>
      credit(tx, { orgId, kind: 'deposit', ...deposit, countsTowardUnlock: true, now: NOW }),
    );
    model.deposits.push(deposit);
    model.reversible.push(deposit);
    model.expectedDeposits += deposit.micros;
    return;
  }
  if (m.kind === 'replay') {
    const deposit = model.deposits[m.which % Math.max(1, model.deposits.length)];
    if (!deposit) return;
    const replayed = db.transaction((tx) =>
      credit(tx, { orgId, kind: 'deposit', ...deposit, countsTowardUnlock: true, now: NOW }),
    );
    await expect(replayed).rejects.toSatisfy(isUniqueViolation);
    return;
  }
  if (m.kind === 'take_back') {
    const [deposit] = model.reversible.splice(m.which % Math.max(1, model.reversible.length), 1);
    if (!deposit) return;
    await db.transaction((tx) =>
      takeBack(tx, {
        orgId,
        kind: 'payment_refund',
        micros: deposit.micros,
        reference: deposit.reference,
        now: NOW,
      }),
    );
    model.expectedDeposits -= deposit.micros;
    return;
  }
  if (m.kind === 'settle') {
    const [hold] = model.holds.splice(m.which % Math.max(1, model.holds.length), 1);
    if (!hold) return;
    const charged = await db.transaction((tx) =>
      settleCallHold(tx, {
        orgId,
        callId: hold.callId,
        heldMicros: hold.micros,
        costMicros: m.minutes * PRICE,
        keyId: null,
        now: NOW,
      }),
    );
    expect(charged).toBe(Math.min(hold.micros, m.minutes * PRICE));
    return;
  }
  try {
    if (m.kind === 'hold') {
      const hold = await db.transaction((tx) =>
        holdForCall(tx, { orgId, maxDurationMinutes: m.minutes, pricePerMinuteMicros: PRICE }),
      );
      expect(hold.heldMicros).toBeLessThanOrEqual(m.minutes * PRICE);
      model.holds.push({ callId: randomUUID(), micros: hold.heldMicros });
      return;
    }
    await applyLedgerEntry(db, {
      orgId,
      kind: 'speech_charge',
      amountMicros: -m.micros,
      reference: `speech:${randomUUID()}`,
      refuseInDebt: true,
      now: NOW,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(['INSUFFICIENT_BALANCE', 'WALLET_IN_DEBT']).toContain(error.code);
  }
}

describe.each(databaseAdapters)('wallet moves on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));

  it('keep balance = ledger, 0 ≤ held ≤ balance, and deposits counted once, over any sequence', async () => {
    let second: { db: Db; close: () => Promise<void> } = { db, close: async () => {} };
    if (adapter.name === 'postgres') {
      const result = await db.execute(sql`select current_database() as name`);
      const { name } = (result as { rows: { name: string }[] }).rows[0]!;
      const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/x');
      url.pathname = `/${name}`;
      const database = createPostgresDatabase(url.toString(), { max: 4 });
      second = { db: await database.ready(), close: () => database.close() };
    }
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 3_000_000 }),
          fc.array(move, { minLength: 1, maxLength: 16 }),
          async (startingCredit, moves) => {
            const { orgId } = await createOrg(
              db,
              { name: 'Wallet', startingCreditMicros: startingCredit },
              NOW,
            );
            const model: Model = { deposits: [], reversible: [], holds: [], expectedDeposits: 0 };
            for (let i = 0; i < moves.length; i += 2) {
              await Promise.all([
                run(db, orgId, moves[i]!, model),
                moves[i + 1] ? run(second.db, orgId, moves[i + 1]!, model) : null,
              ]);
              const [org] = await db
                .select()
                .from(schema.organizations)
                .where(eq(schema.organizations.id, orgId));
              expect(org!.balanceMicros).toBeGreaterThanOrEqual(0);
              expect(org!.heldMicros).toBeGreaterThanOrEqual(0);
              expect(org!.heldMicros).toBeLessThanOrEqual(org!.balanceMicros);
              expect(org!.heldMicros).toBe(model.holds.reduce((sum, h) => sum + h.micros, 0));
              expect(await ledgerBalance(db, orgId)).toBe(org!.balanceMicros);
              expect(org!.depositsMicros).toBe(model.expectedDeposits);
              expect(isUnlocked(org!)).toBe(model.expectedDeposits >= 5_000_000);
            }
          },
        ),
        { numRuns: adapter.name === 'postgres' ? 25 : 15 },
      );
    } finally {
      await second.close();
    }
  }, 120_000);
});
