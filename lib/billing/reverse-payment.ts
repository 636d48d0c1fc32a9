import { and, eq, or } from 'drizzle-orm';
import { schema, type Db, type Tx } from '../db';
import { MICROS_PER_CENT, type EventOutcome } from './types';
import { creditWallet, takeBack } from './wallet-moves';

const topUps = schema.topUps;
const ledger = schema.walletLedger;

/** The paid top-up a charge belongs to, locked for this transaction; null when not ours. */
async function lockPaidTopUp(tx: Tx, ids: { paymentIntentId: string | null; chargeId: string }) {
  const match = [
    ...(ids.paymentIntentId ? [eq(topUps.paymentIntentId, ids.paymentIntentId)] : []),
    ...(ids.chargeId ? [eq(topUps.chargeId, ids.chargeId)] : []),
  ];
  if (match.length === 0) return null;
  const [topUp] = await tx
    .select()
    .from(topUps)
    .where(and(or(...match), eq(topUps.status, 'paid')))
    .for('update');
  return topUp ?? null;
}

/**
 * `charge.refunded` carries the cumulative amount refunded, so deliveries in any order and any
 * number of times take back exactly the difference from what was already taken.
 */
export async function applyRefund(
  db: Db,
  input: {
    chargeId: string;
    paymentIntentId: string | null;
    amountRefundedCents: number;
    now: Date;
  },
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const topUp = await lockPaidTopUp(tx, input);
    if (!topUp) return 'not_ours';
    const refunded = Math.min(
      input.amountRefundedCents * MICROS_PER_CENT,
      topUp.amountMicros - topUp.disputedMicros,
    );
    const more = refunded - topUp.refundedMicros;
    if (more <= 0) return 'already_applied';
    await tx.update(topUps).set({ refundedMicros: refunded }).where(eq(topUps.id, topUp.id));
    await takeBack(tx, {
      orgId: topUp.orgId,
      kind: 'payment_refund',
      micros: more,
      reference: `${input.chargeId || topUp.paymentIntentId}:${input.amountRefundedCents}`,
      now: input.now,
    });
    return 'taken_back';
  });
}

/**
 * A dispute takes the amount back when opened (Stripe withdraws it then) or, if that event was
 * missed, when lost; a won dispute gives back what was taken. Each dispute moves money at most
 * once each way, whatever the order its events arrive in.
 */
export async function applyDispute(
  db: Db,
  input: {
    disputeId: string;
    chargeId: string;
    paymentIntentId: string | null;
    amountCents: number;
    outcome: 'opened' | 'lost' | 'won' | 'other';
    now: Date;
  },
): Promise<EventOutcome> {
  if (input.outcome === 'other') return 'ignored';
  return db.transaction(async (tx) => {
    const topUp = await lockPaidTopUp(tx, input);
    if (!topUp) return 'not_ours';
    const rows = await tx
      .select({ kind: ledger.kind, amount: ledger.amountMicros, owed: ledger.owedChangeMicros })
      .from(ledger)
      .where(and(eq(ledger.orgId, topUp.orgId), eq(ledger.reference, input.disputeId)));
    const taken = rows.find((r) => r.kind === 'dispute');
    const won = rows.find((r) => r.kind === 'dispute_won');
    if (input.outcome === 'won') {
      if (won) return 'already_applied';
      const givenBack = taken ? -taken.amount + (taken.owed ?? 0) : 0;
      await tx
        .update(topUps)
        .set({ disputedMicros: topUp.disputedMicros - givenBack })
        .where(eq(topUps.id, topUp.id));
      // Won before we saw it opened: a zero row still marks the dispute as settled.
      await creditWallet(tx, {
        orgId: topUp.orgId,
        kind: 'dispute_won',
        micros: givenBack,
        reference: input.disputeId,
        countsTowardUnlock: true,
        now: input.now,
      });
      return 'given_back';
    }
    if (taken || won) return 'already_applied';
    const micros = Math.min(
      input.amountCents * MICROS_PER_CENT,
      topUp.amountMicros - topUp.refundedMicros - topUp.disputedMicros,
    );
    await tx
      .update(topUps)
      .set({ disputedMicros: topUp.disputedMicros + micros })
      .where(eq(topUps.id, topUp.id));
    await takeBack(tx, {
      orgId: topUp.orgId,
      kind: 'dispute',
      micros,
      reference: input.disputeId,
      now: input.now,
    });
    return 'taken_back';
  });
}

/** `charge.succeeded`: keeps the charge id and Stripe's receipt link of a top-up of ours. */
export async function saveChargeReceipt(
  db: Db,
  input: { chargeId: string; paymentIntentId: string | null; receiptUrl: string | null },
): Promise<EventOutcome> {
  if (!input.paymentIntentId) return 'ignored';
  const rows = await db
    .update(topUps)
    .set({ chargeId: input.chargeId, receiptUrl: input.receiptUrl })
    .where(eq(topUps.paymentIntentId, input.paymentIntentId))
    .returning({ id: topUps.id });
  return rows.length > 0 ? 'receipt_saved' : 'not_ours';
}
