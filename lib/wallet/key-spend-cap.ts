import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '../platform/errors/api-error';
import { schema, type Executor } from '../adapters/db';
import { microsToUsd } from '../platform/money';
import { spendMonth } from '../platform/runtime/utc-month';

/** The API key a charge goes through, as authentication read it (no extra query). */
export interface SpendingKey {
  keyId: string;
  /** The key's monthly cap in micro-dollars; NULL: none, and nothing is counted. */
  spendCapMicros: number | null;
}

const k = schema.apiKeys;

/**
 * Counts `micros` against a capped key's month, inside the caller's transaction, or refuses
 * with 402 KEY_SPEND_CAP_REACHED when the month's spend has already reached the cap. One
 * conditional UPDATE under the key's row lock: of two requests racing the cap, the second sees
 * the first's reservation, so a month overshoots its cap by at most one request's reservation.
 * A month other than the stored one starts from 0 (a new month resets the count).
 */
export async function reserveKeySpend(
  tx: Executor,
  key: SpendingKey,
  micros: number,
  now: Date,
): Promise<void> {
  const month = spendMonth(now);
  const spent = sql`(CASE WHEN ${k.spendMonth} = ${month} THEN ${k.monthSpentMicros} ELSE 0 END)`;
  const [row] = await tx
    .update(k)
    .set({ monthSpentMicros: sql`${spent} + ${micros}`, spendMonth: month })
    .where(and(eq(k.id, key.keyId), sql`${spent} < ${k.spendCapMicros}`))
    .returning({ id: k.id });
  if (row) return;
  throw new ApiError('KEY_SPEND_CAP_REACHED', {
    message: `This API key has reached its monthly spend cap of $${microsToUsd(key.spendCapMicros ?? 0).toFixed(2)} for ${month} (UTC).`,
  });
}

/**
 * Trues a reservation up once its real cost is known (`deltaMicros` = charged − reserved, so
 * usually ≤ 0), in the month it was reserved in; a reservation from a month already over is
 * left alone (the new month started from 0).
 */
export async function settleKeySpend(
  tx: Executor,
  keyId: string,
  deltaMicros: number,
  reservedAt: Date,
): Promise<void> {
  if (deltaMicros === 0) return;
  await tx
    .update(k)
    .set({ monthSpentMicros: sql`greatest(${k.monthSpentMicros} + ${deltaMicros}, 0)` })
    .where(and(eq(k.id, keyId), eq(k.spendMonth, spendMonth(reservedAt))));
}
