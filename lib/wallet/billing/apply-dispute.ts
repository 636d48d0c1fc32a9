import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Db, type Tx } from '../../adapters/db';
import type { PendingReversalEvent } from '../../adapters/db/schema';
import { holdForLater } from './hold-for-later';
import { lockPaidTopUp, lockPaymentIntent } from './payment-locks';
import { MICROS_PER_CENT } from '../../platform/money';
import type { EventOutcome } from './types';
import { credit, takeBack } from '..';

export type DisputeInput = Omit<Extract<PendingReversalEvent, { type: 'dispute' }>, 'type'> & {
  now: Date;
};

const ledger = schema.walletLedger;
const topUps = schema.topUps;

/**
 * A dispute takes the amount back when opened (Stripe withdraws it then) or, if that event was
 * missed, when lost; a won dispute gives back what was taken. Each dispute moves money at most
 * once each way, whatever the order its events arrive in.
 */
export async function applyDispute(db: Db, input: DisputeInput): Promise<EventOutcome> {
  if (input.outcome === 'other') return 'ignored';
  return db.transaction(async (tx) => {
    await lockPaymentIntent(tx, input.paymentIntentId);
    return disputeIn(tx, input);
  });
}

export async function disputeIn(tx: Tx, input: DisputeInput): Promise<EventOutcome> {
  if (input.outcome === 'other') return 'ignored';
  const topUp = await lockPaidTopUp(tx, input);
  if (!topUp) {
    const { now, ...event } = input;
    return holdForLater(tx, { type: 'dispute', ...event }, now);
  }
  const rows = await tx
    .select({ kind: ledger.kind, amount: ledger.amountMicros, owed: ledger.owedChangeMicros })
    .from(ledger)
    .where(
      and(inArray(ledger.kind, ['dispute', 'dispute_won']), eq(ledger.reference, input.disputeId)),
    );
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
    await credit(tx, {
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
}
