import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema, type Db } from '@/lib/adapters/db';
import { ledgerBalance } from '@/lib/wallet';
import { createOrg } from '@/lib/composition/create-org';
import { refundAbandonedSpeech } from '@/lib/speech/refund-abandoned-speech';
import {
  RESERVATION_TTL_MS,
  renewReservation,
  reserveSpeech,
  settleSpeech,
} from '@/lib/speech/speech-billing';
import { databaseAdapters, openForSuite } from '../../support/databases';

// Speech reservations are durable: a holder that dies leaves a record the sweeper refunds, once.
const T0 = new Date('2026-11-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const PRICE = 50_000; // $0.05 per 1,000 characters

describe.each(databaseAdapters)('speech reservations on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));

  async function fundedOrg() {
    const org = await createOrg(db, { name: 'Speech', startingCreditMicros: 1_000_000 }, T0);
    return org.orgId;
  }

  function ledger(orgId: string, generationId: string) {
    return db
      .select({ kind: schema.walletLedger.kind, amount: schema.walletLedger.amountMicros })
      .from(schema.walletLedger)
      .where(
        and(
          eq(schema.walletLedger.orgId, orgId),
          eq(schema.walletLedger.reference, `speech:${generationId}`),
        ),
      )
      .orderBy(schema.walletLedger.id);
  }

  const reserve = (orgId: string, characters: number, now = T0) =>
    reserveSpeech(
      db,
      { orgId, generationId: randomUUID(), characters, pricePer1kMicros: PRICE },
      now,
    );

  it('a holder that settles pays for what was spoken; the sweeper finds nothing', async () => {
    const orgId = await fundedOrg();
    const charge = await reserve(orgId, 1_000);
    expect(await ledgerBalance(db, orgId)).toBe(950_000);
    expect(await settleSpeech(db, charge, 400, at(1_000))).toBe(20_000);
    expect(await refundAbandonedSpeech(db, at(RESERVATION_TTL_MS * 10), 100)).toBe(0);
    expect(await ledger(orgId, charge.generationId)).toEqual([
      { kind: 'speech_charge', amount: -50_000 },
      { kind: 'refund', amount: 30_000 },
    ]);
    expect(await ledgerBalance(db, orgId)).toBe(980_000);
  });

  it('a holder that died is refunded whole after expiry, exactly once, and its late settle is a no-op', async () => {
    const orgId = await fundedOrg();
    const charge = await reserve(orgId, 867);
    expect(await ledgerBalance(db, orgId)).toBe(1_000_000 - 43_350);
    // Not yet expired: the holder may be alive.
    expect(await refundAbandonedSpeech(db, at(RESERVATION_TTL_MS - 1), 100)).toBe(0);
    const late = at(RESERVATION_TTL_MS + 1);
    const sweeps = await Promise.all([
      refundAbandonedSpeech(db, late, 100),
      refundAbandonedSpeech(db, late, 100),
    ]);
    expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await refundAbandonedSpeech(db, late, 100)).toBe(0);
    expect(await ledgerBalance(db, orgId)).toBe(1_000_000);
    // Came back to life after all: the reservation has ended, nothing more moves.
    expect(await settleSpeech(db, charge, 867, late)).toBe(0);
    expect(await ledger(orgId, charge.generationId)).toEqual([
      { kind: 'speech_charge', amount: -43_350 },
      { kind: 'refund', amount: 43_350 },
    ]);
    const [row] = await db
      .select()
      .from(schema.speechReservations)
      .where(eq(schema.speechReservations.id, charge.generationId));
    expect(row).toMatchObject({ status: 'refunded', chargedMicros: 0 });
  });

  it('a holder that renews is not taken for dead', async () => {
    const orgId = await fundedOrg();
    const charge = await reserve(orgId, 100);
    await renewReservation(db, charge, at(RESERVATION_TTL_MS - 1_000));
    expect(await refundAbandonedSpeech(db, at(RESERVATION_TTL_MS + 1_000), 100)).toBe(0);
    expect(await settleSpeech(db, charge, 100, at(RESERVATION_TTL_MS + 2_000))).toBe(5_000);
    expect(await ledgerBalance(db, orgId)).toBe(995_000);
  });

  it('a refused reservation (402) leaves no record behind', async () => {
    const org = await createOrg(db, { name: 'Poor', startingCreditMicros: 1_000 }, T0);
    await expect(reserve(org.orgId, 1_000)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const rows = await db
      .select()
      .from(schema.speechReservations)
      .where(eq(schema.speechReservations.orgId, org.orgId));
    expect(rows).toEqual([]);
    expect(await ledgerBalance(db, org.orgId)).toBe(1_000);
  });
});
