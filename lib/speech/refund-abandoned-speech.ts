import { and, asc, eq, lt } from 'drizzle-orm';
import { schema, type Db } from '../adapters/db';
import { applyLedgerEntry, settleKeySpend } from '../wallet';

/**
 * Refunds, whole, the reservations whose holder died (still `held` past their expiry: a live
 * holder renews). Rows are claimed with SKIP LOCKED, so instances sweeping together take
 * different ones; a row moves out of `held` once, and the ledger's once-per-reference rule
 * backs that up, so each is refunded exactly once. Returns how many were refunded.
 */
export async function refundAbandonedSpeech(db: Db, now: Date, limit: number): Promise<number> {
  const r = schema.speechReservations;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: r.id,
        orgId: r.orgId,
        reservedMicros: r.reservedMicros,
        keyId: r.keyId,
        keyCapped: r.keyCapped,
        createdAt: r.createdAt,
      })
      .from(r)
      .where(and(eq(r.status, 'held'), lt(r.expiresAt, now)))
      .orderBy(asc(r.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await tx
        .update(r)
        .set({ status: 'refunded', chargedMicros: 0, settledAt: now })
        .where(eq(r.id, row.id));
      await applyLedgerEntry(tx, {
        orgId: row.orgId,
        kind: 'refund',
        amountMicros: row.reservedMicros,
        reference: `speech:${row.id}`,
        keyId: row.keyId,
        now,
      });
      // Nothing was spoken: the key's month gets the whole reservation back.
      if (row.keyCapped && row.keyId)
        await settleKeySpend(tx, row.keyId, -row.reservedMicros, row.createdAt);
    }
    return due.length;
  });
}
