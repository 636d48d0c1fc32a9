import type { Db } from '../db';
import { applyLedgerEntry } from '../orgs/apply-ledger-entry';

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
}

/**
 * Takes the whole text's price from the wallet before any audio (402 when it does not cover it:
 * the balance CHECK refuses, whatever runs concurrently).
 */
export async function reserveSpeech(
  db: Db,
  input: { orgId: string; generationId: string; characters: number; pricePer1kMicros: number },
  now: Date,
): Promise<SpeechCharge> {
  const reservedMicros = speechCostMicros(input.characters, input.pricePer1kMicros);
  if (reservedMicros > 0) {
    await applyLedgerEntry(db, {
      orgId: input.orgId,
      kind: 'speech_charge',
      amountMicros: -reservedMicros,
      reference: `speech:${input.generationId}`,
      now,
    });
  }
  return {
    orgId: input.orgId,
    generationId: input.generationId,
    reservedMicros,
    pricePer1kMicros: input.pricePer1kMicros,
  };
}

/**
 * Settles a reservation: what was spoken is paid for, the rest comes back as one refund row.
 * A failed generation passes 0 characters and is refunded whole. Returns what was charged.
 */
export async function settleSpeech(
  db: Db,
  charge: SpeechCharge,
  spokenCharacters: number,
  now: Date,
): Promise<number> {
  const owed = Math.min(
    charge.reservedMicros,
    speechCostMicros(spokenCharacters, charge.pricePer1kMicros),
  );
  const refund = charge.reservedMicros - owed;
  if (refund > 0) {
    await applyLedgerEntry(db, {
      orgId: charge.orgId,
      kind: 'refund',
      amountMicros: refund,
      reference: `speech:${charge.generationId}`,
      now,
    });
  }
  return owed;
}
