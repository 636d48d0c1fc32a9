import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema, type Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import {
  applyLedgerEntry,
  chargeUpTo,
  credit,
  depositFunds,
  grantStartingCredit,
  holdForCall,
  isUnlocked,
  ledgerBalance,
  lockWallet,
  settleCallHold,
  takeBack,
  UNLOCK_DEPOSITS_MICROS,
  walletHoldHead,
} from '@/lib/wallet';
import { databaseAdapters, openForSuite } from '../../support/databases';
import { walletColumns } from '../../unit/billing/billing-fixture';

// Each wallet move on a real database, to the micro-dollar: what it does to the org's columns
// (balance, held, owed, deposits, starting credit), the ledger row(s) it writes, what it returns
// and what it refuses. wallet-moves.contract.test.ts checks the invariants over random
// sequences; this file pins each move's own arithmetic.

const NOW = new Date('2026-11-20T10:00:00Z');
const DOLLAR = 1_000_000;
const PRICE = 90_000;
const unknownOrg = '00000000-0000-4000-8000-000000000000';

describe.each(databaseAdapters)('the wallet, move by move, on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (ready) => {
    db = ready;
  });

  const newOrg = async (startingCreditMicros = 0) =>
    (await createOrg(db, { name: 'Wallet', startingCreditMicros }, NOW)).orgId;

  const columns = (orgId: string) => walletColumns(db, orgId);

  async function ledger(orgId: string) {
    const rows = await db
      .select()
      .from(schema.walletLedger)
      .where(eq(schema.walletLedger.orgId, orgId))
      .orderBy(asc(schema.walletLedger.id));
    return rows.map((r) => ({
      kind: r.kind,
      amount: r.amountMicros,
      after: r.balanceAfterMicros,
      reference: r.reference,
      owedChange: r.owedChangeMicros,
      keyId: r.keyId,
      at: r.createdAt.toISOString(),
    }));
  }

  /**
   * An org with `balance` on its wallet and `owed` owed beside it: the balance was held by a call
   * when a refund came (so all of it was owed), then the call ended unconnected.
   */
  async function orgOwing(balance: number, owed: number) {
    const orgId = await newOrg();
    if (balance > 0) {
      await db.transaction((tx) =>
        credit(tx, {
          orgId,
          kind: 'deposit',
          micros: balance,
          reference: `pi_in_${orgId}`,
          countsTowardUnlock: true,
          now: NOW,
        }),
      );
      await db.transaction((tx) => holdAll(tx, orgId, balance));
    }
    await db.transaction((tx) =>
      takeBack(tx, {
        orgId,
        kind: 'payment_refund',
        micros: owed,
        reference: `pi_old_${orgId}`,
        now: NOW,
      }),
    );
    if (balance > 0)
      await db.transaction((tx) =>
        settleCallHold(tx, {
          orgId,
          callId: randomUUID(),
          heldMicros: balance,
          costMicros: 0,
          keyId: null,
          now: NOW,
        }),
      );
    expect(await columns(orgId)).toMatchObject({ balance, held: 0, owed });
    return orgId;
  }
  const holdAll = (tx: Parameters<typeof lockWallet>[0], orgId: string, micros: number) =>
    tx
      .update(schema.organizations)
      .set({ heldMicros: micros })
      .where(eq(schema.organizations.id, orgId));

  describe('starting credit', () => {
    it('sets balance and starting credit once, with its ledger row keyed by the org', async () => {
      const orgId = await newOrg(2 * DOLLAR);
      expect(await columns(orgId)).toEqual({
        balance: 2 * DOLLAR,
        held: 0,
        owed: 0,
        deposits: 0,
        starting: 2 * DOLLAR,
      });
      expect(await ledger(orgId)).toEqual([
        {
          kind: 'starting_credit',
          amount: 2 * DOLLAR,
          after: 2 * DOLLAR,
          reference: `starting_credit:${orgId}`,
          owedChange: null,
          keyId: null,
          at: NOW.toISOString(),
        },
      ]);
      await expect(
        db.transaction((tx) => grantStartingCredit(tx, orgId, DOLLAR, NOW)),
      ).rejects.toThrow();
    });

    it('grants nothing, and writes no row, for zero or less', async () => {
      const orgId = await newOrg();
      await db.transaction(async (tx) => {
        await grantStartingCredit(tx, orgId, 0, NOW);
        await grantStartingCredit(tx, orgId, -5, NOW);
      });
      expect(await columns(orgId)).toMatchObject({ balance: 0, starting: 0 });
      expect(await ledger(orgId)).toEqual([]);
    });
  });

  describe('applyLedgerEntry', () => {
    it('a deposit adds to balance and deposits, not to the starting credit', async () => {
      const orgId = await newOrg(DOLLAR);
      const result = await applyLedgerEntry(db, {
        orgId,
        kind: 'deposit',
        amountMicros: 3 * DOLLAR,
        reference: 'dep-1',
        keyId: 'key_a',
        now: NOW,
      });
      expect(result).toEqual({ applied: true, balanceMicros: 4 * DOLLAR });
      expect(await columns(orgId)).toMatchObject({
        balance: 4 * DOLLAR,
        deposits: 3 * DOLLAR,
        starting: DOLLAR,
      });
      expect((await ledger(orgId)).at(-1)).toEqual({
        kind: 'deposit',
        amount: 3 * DOLLAR,
        after: 4 * DOLLAR,
        reference: 'dep-1',
        owedChange: null,
        keyId: 'key_a',
        at: NOW.toISOString(),
      });
    });

    it('a starting credit adds to the starting credit, not to deposits; a charge to neither', async () => {
      const orgId = await newOrg();
      await applyLedgerEntry(db, {
        orgId,
        kind: 'starting_credit',
        amountMicros: DOLLAR,
        now: NOW,
      });
      expect(await columns(orgId)).toMatchObject({
        balance: DOLLAR,
        deposits: 0,
        starting: DOLLAR,
      });
      const charged = await applyLedgerEntry(db, {
        orgId,
        kind: 'speech_charge',
        amountMicros: -400_000,
        now: NOW,
      });
      expect(charged).toEqual({ applied: true, balanceMicros: 600_000 });
      expect(await columns(orgId)).toMatchObject({
        balance: 600_000,
        deposits: 0,
        starting: DOLLAR,
      });
      expect((await ledger(orgId)).at(-1)).toMatchObject({
        kind: 'speech_charge',
        amount: -400_000,
        after: 600_000,
        reference: null,
        keyId: null,
      });
    });

    it('applies a kind+reference once; a replay changes nothing', async () => {
      const orgId = await newOrg(DOLLAR);
      const entry = {
        orgId,
        kind: 'speech_charge' as const,
        amountMicros: -100_000,
        reference: 'gen-1',
        now: NOW,
      };
      await applyLedgerEntry(db, entry);
      expect(await applyLedgerEntry(db, entry)).toEqual({
        applied: false,
        reason: 'already_applied',
      });
      expect((await columns(orgId)).balance).toBe(900_000);
      expect(await ledger(orgId)).toHaveLength(2);
    });

    it('refuses to overdraw (402 INSUFFICIENT_BALANCE), changing nothing', async () => {
      const orgId = await newOrg(DOLLAR);
      await expect(
        applyLedgerEntry(db, {
          orgId,
          kind: 'speech_charge',
          amountMicros: -DOLLAR - 1,
          now: NOW,
        }),
      ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', status: 402 });
      expect((await columns(orgId)).balance).toBe(DOLLAR);
      expect(await ledger(orgId)).toHaveLength(1);
    });

    it('refuses new speech while the org owes, and allows it when asked not to look', async () => {
      const orgId = await orgOwing(DOLLAR, 2 * DOLLAR);
      const speech = { orgId, kind: 'speech_charge' as const, amountMicros: -1000, now: NOW };
      await expect(applyLedgerEntry(db, { ...speech, refuseInDebt: true })).rejects.toMatchObject({
        code: 'WALLET_IN_DEBT',
      });
      expect((await columns(orgId)).balance).toBe(DOLLAR);
      expect(await applyLedgerEntry(db, speech)).toEqual({
        applied: true,
        balanceMicros: DOLLAR - 1000,
      });
      const clear = await newOrg(DOLLAR);
      expect(
        await applyLedgerEntry(db, { ...speech, orgId: clear, refuseInDebt: true }),
      ).toMatchObject({ applied: true, balanceMicros: DOLLAR - 1000 });
    });

    it('an unknown org is NOT_FOUND, whether or not debt is looked at', async () => {
      const entry = { orgId: unknownOrg, kind: 'deposit' as const, amountMicros: 1, now: NOW };
      const notFound = { code: 'NOT_FOUND', message: 'No organization has this id.' };
      await expect(applyLedgerEntry(db, entry)).rejects.toMatchObject(notFound);
      await expect(applyLedgerEntry(db, { ...entry, refuseInDebt: true })).rejects.toMatchObject(
        notFound,
      );
    });

    it('inside a transaction, rolls back with it', async () => {
      const orgId = await newOrg(DOLLAR);
      await expect(
        db.transaction(async (tx) => {
          await applyLedgerEntry(tx, { orgId, kind: 'deposit', amountMicros: DOLLAR, now: NOW });
          throw new Error('the caller gives up');
        }),
      ).rejects.toThrow('the caller gives up');
      expect(await columns(orgId)).toMatchObject({ balance: DOLLAR, deposits: 0 });
    });
  });

  describe('credit', () => {
    it('with nothing owed: one row, the balance up, deposits counted when asked', async () => {
      const orgId = await newOrg(DOLLAR);
      const result = await db.transaction((tx) =>
        credit(tx, {
          orgId,
          kind: 'deposit',
          micros: 2 * DOLLAR,
          reference: 'pi_1',
          countsTowardUnlock: true,
          keyId: 'key_b',
          now: NOW,
        }),
      );
      expect(result).toEqual({ balanceMicros: 3 * DOLLAR, repaidMicros: 0 });
      expect(await columns(orgId)).toMatchObject({ balance: 3 * DOLLAR, deposits: 2 * DOLLAR });
      expect((await ledger(orgId)).slice(1)).toEqual([
        {
          kind: 'deposit',
          amount: 2 * DOLLAR,
          after: 3 * DOLLAR,
          reference: 'pi_1',
          owedChange: null,
          keyId: 'key_b',
          at: NOW.toISOString(),
        },
      ]);
      await db.transaction((tx) =>
        credit(tx, {
          orgId,
          kind: 'dispute_won',
          micros: DOLLAR,
          reference: 'dp_1',
          countsTowardUnlock: false,
          now: NOW,
        }),
      );
      expect(await columns(orgId)).toMatchObject({ balance: 4 * DOLLAR, deposits: 2 * DOLLAR });
      expect((await ledger(orgId)).at(-1)).toMatchObject({ kind: 'dispute_won', keyId: null });
    });

    it('repays what is owed first, in a second row, partly or whole', async () => {
      const orgId = await orgOwing(0, 3 * DOLLAR);
      const before = (await ledger(orgId)).length;
      const part = await db.transaction((tx) =>
        credit(tx, {
          orgId,
          kind: 'deposit',
          micros: DOLLAR,
          reference: 'pi_2',
          countsTowardUnlock: true,
          keyId: 'key_c',
          now: NOW,
        }),
      );
      expect(part).toEqual({ balanceMicros: 0, repaidMicros: DOLLAR });
      expect(await columns(orgId)).toMatchObject({ balance: 0, owed: 2 * DOLLAR });
      expect((await ledger(orgId)).slice(before)).toEqual([
        {
          kind: 'deposit',
          amount: DOLLAR,
          after: DOLLAR,
          reference: 'pi_2',
          owedChange: null,
          keyId: 'key_c',
          at: NOW.toISOString(),
        },
        {
          kind: 'debt_repayment',
          amount: -DOLLAR,
          after: 0,
          reference: 'deposit:pi_2',
          owedChange: -DOLLAR,
          keyId: 'key_c',
          at: NOW.toISOString(),
        },
      ]);
      const whole = await db.transaction((tx) =>
        credit(tx, {
          orgId,
          kind: 'deposit',
          micros: 5 * DOLLAR,
          reference: 'pi_3',
          countsTowardUnlock: true,
          now: NOW,
        }),
      );
      expect(whole).toEqual({ balanceMicros: 3 * DOLLAR, repaidMicros: 2 * DOLLAR });
      expect(await columns(orgId)).toMatchObject({ balance: 3 * DOLLAR, owed: 0 });
      expect((await ledger(orgId)).at(-1)).toMatchObject({
        kind: 'debt_repayment',
        amount: -2 * DOLLAR,
        after: 3 * DOLLAR,
        owedChange: -2 * DOLLAR,
      });
      expect(await ledgerBalance(db, orgId)).toBe(3 * DOLLAR);
    });

    it('an admin deposit is credited the same way and audited', async () => {
      const orgId = await orgOwing(0, DOLLAR);
      const actor = { type: 'system' as const, id: null };
      expect(await depositFunds(db, orgId, 4 * DOLLAR, actor, NOW)).toEqual({
        balanceMicros: 3 * DOLLAR,
        repaidMicros: DOLLAR,
      });
      // It counts toward the unlock (the refund before it had left deposits at 0).
      expect(await columns(orgId)).toMatchObject({
        balance: 3 * DOLLAR,
        owed: 0,
        deposits: 4 * DOLLAR,
      });
      const [deposit] = (await ledger(orgId)).filter((r) => r.kind === 'deposit');
      expect(deposit?.reference).toMatch(/^admin:[0-9a-f-]{36}$/);
      const audit = await db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.orgId, orgId), eq(schema.auditLog.action, 'wallet.deposit')));
      expect(audit).toMatchObject([
        { action: 'wallet.deposit', actorType: 'system', after: { amount_micros: 4 * DOLLAR } },
      ]);
      expect(await depositFunds(db, orgId, DOLLAR, actor, NOW)).toEqual({
        balanceMicros: 4 * DOLLAR,
        repaidMicros: 0,
      });
    });
  });

  describe('takeBack', () => {
    it('takes what is free of holds; the rest is owed, in the row and on the org', async () => {
      const orgId = await newOrg();
      await applyLedgerEntry(db, { orgId, kind: 'deposit', amountMicros: 10 * DOLLAR, now: NOW });
      await db.transaction((tx) => holdAll(tx, orgId, 3 * DOLLAR));
      const result = await db.transaction((tx) =>
        takeBack(tx, { orgId, kind: 'dispute', micros: 8 * DOLLAR, reference: 'dp_2', now: NOW }),
      );
      expect(result).toEqual({ takenMicros: 7 * DOLLAR, owedMicros: DOLLAR });
      expect(await columns(orgId)).toMatchObject({
        balance: 3 * DOLLAR,
        held: 3 * DOLLAR,
        owed: DOLLAR,
        deposits: 2 * DOLLAR,
      });
      expect((await ledger(orgId)).at(-1)).toEqual({
        kind: 'dispute',
        amount: -7 * DOLLAR,
        after: 3 * DOLLAR,
        reference: 'dp_2',
        owedChange: DOLLAR,
        keyId: null,
        at: NOW.toISOString(),
      });
    });

    it('owes nothing when the balance covers it; deposits never go below zero', async () => {
      const orgId = await newOrg(5 * DOLLAR);
      await applyLedgerEntry(db, { orgId, kind: 'deposit', amountMicros: DOLLAR, now: NOW });
      const result = await db.transaction((tx) =>
        takeBack(tx, {
          orgId,
          kind: 'payment_refund',
          micros: 2 * DOLLAR,
          reference: 're_1',
          now: NOW,
        }),
      );
      expect(result).toEqual({ takenMicros: 2 * DOLLAR, owedMicros: 0 });
      expect(await columns(orgId)).toMatchObject({ balance: 4 * DOLLAR, owed: 0, deposits: 0 });
      expect((await ledger(orgId)).at(-1)).toMatchObject({ owedChange: null, after: 4 * DOLLAR });
    });
  });

  describe('chargeUpTo (calls from before holds)', () => {
    it('takes what is free of holds, all of it when it is enough', async () => {
      const orgId = await newOrg(5 * DOLLAR);
      await db.transaction((tx) => holdAll(tx, orgId, 2 * DOLLAR));
      const charge = (micros: number, reference: string) =>
        db.transaction((tx) =>
          chargeUpTo(tx, {
            orgId,
            kind: 'call_charge',
            micros,
            reference,
            keyId: 'key_d',
            now: NOW,
          }),
        );
      expect(await charge(DOLLAR, 'call:1')).toBe(DOLLAR);
      expect(await charge(5 * DOLLAR, 'call:2')).toBe(2 * DOLLAR);
      expect(await columns(orgId)).toMatchObject({ balance: 2 * DOLLAR, held: 2 * DOLLAR });
      expect((await ledger(orgId)).slice(1)).toEqual([
        {
          kind: 'call_charge',
          amount: -DOLLAR,
          after: 4 * DOLLAR,
          reference: 'call:1',
          owedChange: null,
          keyId: 'key_d',
          at: NOW.toISOString(),
        },
        expect.objectContaining({ amount: -2 * DOLLAR, after: 2 * DOLLAR, reference: 'call:2' }),
      ]);
      // Nothing free is left: nothing taken, no row.
      expect(await charge(DOLLAR, 'call:3')).toBe(0);
      expect(await charge(0, 'call:4')).toBe(0);
      expect(await charge(-DOLLAR, 'call:5')).toBe(0);
      expect(await ledger(orgId)).toHaveLength(3);
      expect((await columns(orgId)).balance).toBe(2 * DOLLAR);
    });

    it('asks nothing of an unknown org when there is nothing to take', async () => {
      await expect(
        db.transaction((tx) =>
          chargeUpTo(tx, {
            orgId: unknownOrg,
            kind: 'call_charge',
            micros: 0,
            reference: 'x',
            keyId: null,
            now: NOW,
          }),
        ),
      ).resolves.toBe(0);
      await expect(db.transaction((tx) => lockWallet(tx, unknownOrg))).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'No organization has this id.',
      });
    });
  });

  describe('holdForCall and its one-statement twin', () => {
    const hold = (orgId: string, maxDurationMinutes: number, pricePerMinuteMicros = PRICE) =>
      db.transaction((tx) => holdForCall(tx, { orgId, maxDurationMinutes, pricePerMinuteMicros }));
    async function holdInStatement(orgId: string, maxDurationMinutes: number) {
      const head = walletHoldHead({ orgId, maxDurationMinutes, pricePerMinuteMicros: PRICE });
      const result = await db.execute(
        sql`${head} SELECT minutes::int AS minutes, held_micros::bigint AS held FROM wallet_hold`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        minutes: number;
        held: string | number;
      }[];
      return rows.map((r) => ({ minutes: Number(r.minutes), held: Number(r.held) }));
    }

    it('holds every started minute when the balance pays them', async () => {
      const orgId = await newOrg(DOLLAR);
      expect(await hold(orgId, 2.5)).toEqual({
        heldMicros: 3 * PRICE,
        maxDurationMinutes: 2.5,
        cutByHold: false,
      });
      expect(await holdInStatement(orgId, 2.5)).toEqual([{ minutes: 3, held: 3 * PRICE }]);
      // Whole minutes, all paid: not cut.
      expect(await hold(orgId, 2)).toEqual({
        heldMicros: 2 * PRICE,
        maxDurationMinutes: 2,
        cutByHold: false,
      });
      expect((await columns(orgId)).held).toBe(8 * PRICE);
    });

    it('cuts the call to the whole minutes the free balance pays', async () => {
      // $1 pays 11 minutes at $0.09; 4 are held already, 7 are free.
      const orgId = await newOrg(DOLLAR);
      await hold(orgId, 4);
      expect(await hold(orgId, 10)).toEqual({
        heldMicros: 7 * PRICE,
        maxDurationMinutes: 7,
        cutByHold: true,
      });
      expect((await columns(orgId)).held).toBe(11 * PRICE);
      const other = await newOrg(DOLLAR);
      await hold(other, 4);
      expect(await holdInStatement(other, 10)).toEqual([{ minutes: 7, held: 7 * PRICE }]);
      // Exactly one payable minute is enough; none is not.
      const one = await newOrg(PRICE);
      expect(await hold(one, 5)).toEqual({
        heldMicros: PRICE,
        maxDurationMinutes: 1,
        cutByHold: true,
      });
      const poor = await newOrg(PRICE - 1);
      await expect(hold(poor, 5)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      expect(await holdInStatement(poor, 5)).toEqual([]);
      expect((await columns(poor)).held).toBe(0);
    });

    it('holds nothing while the org owes, whatever the balance', async () => {
      const orgId = await orgOwing(DOLLAR, DOLLAR);
      await expect(hold(orgId, 1)).rejects.toMatchObject({ code: 'WALLET_IN_DEBT' });
      expect(await holdInStatement(orgId, 1)).toEqual([]);
      expect((await columns(orgId)).held).toBe(0);
    });

    it('free calls hold nothing but still need a wallet in use', async () => {
      const orgId = await newOrg(1);
      expect(await hold(orgId, 3.5, 0)).toEqual({
        heldMicros: 0,
        maxDurationMinutes: 3.5,
        cutByHold: false,
      });
      expect((await columns(orgId)).held).toBe(0);
      await expect(hold(await newOrg(0), 3, 0)).rejects.toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
      });
    });
  });

  describe('settleCallHold', () => {
    const settle = (orgId: string, heldMicros: number, costMicros: number, callId: string) =>
      db.transaction((tx) =>
        settleCallHold(tx, { orgId, callId, heldMicros, costMicros, keyId: 'key_e', now: NOW }),
      );

    it('charges the cost, never more than held, and releases the whole hold', async () => {
      const orgId = await newOrg(DOLLAR);
      await db.transaction((tx) => holdAll(tx, orgId, 5 * PRICE));
      expect(await settle(orgId, 3 * PRICE, 2 * PRICE, 'c1')).toBe(2 * PRICE);
      expect(await columns(orgId)).toMatchObject({ balance: DOLLAR - 2 * PRICE, held: 2 * PRICE });
      expect((await ledger(orgId)).at(-1)).toEqual({
        kind: 'call_charge',
        amount: -2 * PRICE,
        after: DOLLAR - 2 * PRICE,
        reference: 'call:c1',
        owedChange: null,
        keyId: 'key_e',
        at: NOW.toISOString(),
      });
      expect(await settle(orgId, 2 * PRICE, 9 * PRICE, 'c2')).toBe(2 * PRICE);
      expect(await columns(orgId)).toMatchObject({ balance: DOLLAR - 4 * PRICE, held: 0 });
    });

    it('an unconnected call (cost 0, or less) is charged nothing and writes no row', async () => {
      const orgId = await newOrg(DOLLAR);
      await db.transaction((tx) => holdAll(tx, orgId, 4 * PRICE));
      expect(await settle(orgId, 2 * PRICE, 0, 'c3')).toBe(0);
      expect(await settle(orgId, 2 * PRICE, -PRICE, 'c4')).toBe(0);
      expect(await columns(orgId)).toMatchObject({ balance: DOLLAR, held: 0 });
      expect(await ledger(orgId)).toHaveLength(1);
    });
  });

  it('the unlock: $5 of deposits, not a micro-dollar less', () => {
    expect(UNLOCK_DEPOSITS_MICROS).toBe(5 * DOLLAR);
    expect(isUnlocked({ depositsMicros: 5 * DOLLAR })).toBe(true);
    expect(isUnlocked({ depositsMicros: 5 * DOLLAR - 1 })).toBe(false);
  });

  it('the ledger balance is the sum of an org’s rows, 0 without any', async () => {
    expect(await ledgerBalance(db, unknownOrg)).toBe(0);
    const orgId = await newOrg(DOLLAR);
    await applyLedgerEntry(db, { orgId, kind: 'speech_charge', amountMicros: -250_000, now: NOW });
    const other = await newOrg(7 * DOLLAR);
    expect(await ledgerBalance(db, orgId)).toBe(750_000);
    expect(await ledgerBalance(db, other)).toBe(7 * DOLLAR);
  });
});
