import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '../adapters/db';
import { applyLedgerEntry, reserveKeySpend, settleKeySpend, type SpendingKey } from '../wallet';

/**
 * A reservation outlives its holder by at most this long: the holder renews it while audio is
 * produced, and the sweeper refunds one past its expiry (the holder died).
 */
export const RESERVATION_TTL_MS = 5 * 60_000;
/** How often a holder pushes its reservation's expiry forward (on a chunk boundary). */
export const RESERVATION_RENEW_MS = 60_000;

/** Per character, rounded up to the micro-dollar. */
export function speechCostMicros(characters: number, pricePer1kMicros: number): number {
  return Math.ceil((characters * pricePer1kMicros) / 1000);
}

export interface SpeechCharge {
  orgId: string;
  /** One generation (an HTTP request or one WebSocket utterance). */
  generationId: string;
  reservedMicros: number;
  pricePer1kMicros: number;
  /** The API key that asked (NULL: an OAuth token or a public share link). */
  keyId: string | null;
  /** Whether the reservation counted against the key's monthly cap. */
  keyCapped: boolean;
  reservedAt: Date;
}

/**
 * Takes the whole text's price from the wallet before any audio (402 when it does not cover it:
 * the balance CHECK refuses, whatever runs concurrently), and records the reservation in the
 * same transaction, so a holder that dies leaves a record the sweeper refunds. A capped key's
 * month counts the same reservation (402 KEY_SPEND_CAP_REACHED once the month reached the cap).
 */
export async function reserveSpeech(
  db: Db,
  input: {
    orgId: string;
    generationId: string;
    characters: number;
    pricePer1kMicros: number;
    key?: SpendingKey | null;
  },
  now: Date,
): Promise<SpeechCharge> {
  const reservedMicros = speechCostMicros(input.characters, input.pricePer1kMicros);
  const keyId = input.key?.keyId ?? null;
  const keyCapped = input.key?.spendCapMicros != null && reservedMicros > 0;
  if (reservedMicros > 0) {
    await db.transaction(async (tx) => {
      await applyLedgerEntry(tx, {
        orgId: input.orgId,
        kind: 'speech_charge',
        amountMicros: -reservedMicros,
        reference: `speech:${input.generationId}`,
        refuseInDebt: true,
        keyId,
        now,
      });
      if (keyCapped) await reserveKeySpend(tx, input.key!, reservedMicros, now);
      await tx.insert(schema.speechReservations).values({
        id: input.generationId,
        orgId: input.orgId,
        reservedMicros,
        keyId,
        keyCapped,
        expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS),
        createdAt: now,
      });
    });
  }
  return {
    orgId: input.orgId,
    generationId: input.generationId,
    reservedMicros,
    pricePer1kMicros: input.pricePer1kMicros,
    keyId,
    keyCapped,
    reservedAt: now,
  };
}

/** Pushes a live reservation's expiry forward (its holder is still producing audio). */
export async function renewReservation(db: Db, charge: SpeechCharge, now: Date): Promise<void> {
  if (charge.reservedMicros === 0) return;
  const r = schema.speechReservations;
  await db
    .update(r)
    .set({ expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS) })
    .where(and(eq(r.id, charge.generationId), eq(r.status, 'held')));
}

/**
 * Settles a reservation: what was spoken is paid for, the rest comes back as one refund row.
 * A failed generation passes 0 characters and is refunded whole. Returns what was charged: 0
 * when the sweeper had already refunded it (the holder was taken for dead), so it ends once.
 */
export async function settleSpeech(
  db: Db,
  charge: SpeechCharge,
  spokenCharacters: number,
  now: Date,
): Promise<number> {
  if (charge.reservedMicros === 0) return 0;
  const owed = Math.min(
    charge.reservedMicros,
    speechCostMicros(spokenCharacters, charge.pricePer1kMicros),
  );
  const refund = charge.reservedMicros - owed;
  const r = schema.speechReservations;
  return db.transaction(async (tx) => {
    const [settled] = await tx
      .update(r)
      .set({ status: 'settled', chargedMicros: owed, settledAt: now })
      .where(and(eq(r.id, charge.generationId), eq(r.status, 'held')))
      .returning({ id: r.id });
    if (!settled) return 0;
    if (refund > 0) {
      await applyLedgerEntry(tx, {
        orgId: charge.orgId,
        kind: 'refund',
        amountMicros: refund,
        reference: `speech:${charge.generationId}`,
        keyId: charge.keyId,
        now,
      });
      if (charge.keyCapped) await settleKeySpend(tx, charge.keyId!, -refund, charge.reservedAt);
    }
    return owed;
  });
}
