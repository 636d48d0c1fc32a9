import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { reserveKeySpend } from '../../wallet';
import type { CallDeps, CallRow } from '../types';
import { callCostMicros } from './end-call';

/**
 * A batch call of a key is counted against the key's monthly cap when it is dialed, not when the
 * batch is queued (a 1,000-row batch would otherwise hold 1,000 reservations at once): its longest
 * possible cost, as a single call reserves at dispatch, under the cap the key has now. Returns the
 * micro-dollars reserved, or null when nothing is to be counted (not a batch call, no key, no cap).
 * A refusal throws 402 KEY_SPEND_CAP_REACHED inside the dial's transaction.
 */
export async function reserveBatchCallSpend(
  tx: Executor,
  deps: Pick<CallDeps, 'settings'>,
  call: CallRow,
  now: Date,
): Promise<number | null> {
  // A retry's attempt is reserved at its own dial too (queued in advance, like a batch call).
  if ((call.batchId === null && call.retryOf === null) || call.keyId === null) return null;
  const [key] = await tx
    .select({ spendCapMicros: schema.apiKeys.spendCapMicros })
    .from(schema.apiKeys)
    .where(eq(schema.apiKeys.id, call.keyId));
  if (key?.spendCapMicros == null) return null;
  const reserved = callCostMicros(call.maxDuration * 60_000, deps.settings.pricePerMinuteMicros);
  await reserveKeySpend(
    tx,
    { keyId: call.keyId, spendCapMicros: key.spendCapMicros },
    reserved,
    now,
  );
  return reserved;
}

/**
 * Whether other calls of the key are on the line: their reservations are trued up to their real
 * cost when they end, so a refused batch call waits for them rather than failing at once.
 */
export async function keyHasCallsInProgress(
  db: Executor,
  call: Pick<CallRow, 'orgId' | 'keyId'>,
): Promise<boolean> {
  if (call.keyId === null) return false;
  const c = schema.calls;
  // The org narrows it first (its calls are indexed); a key belongs to one org.
  const active = await db.$count(
    c,
    and(eq(c.orgId, call.orgId), eq(c.keyId, call.keyId), eq(c.queueStatus, 'started')),
  );
  return active > 0;
}
