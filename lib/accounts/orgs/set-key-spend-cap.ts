import { and, eq, isNull } from 'drizzle-orm';
import { MICROS_PER_CENT } from '../../platform/money';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { schema, type Executor } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { keysMonthSpend } from './key-month-spend';
import { spendMonth } from '../../platform/runtime/utc-month';
import { updateActiveKey } from './update-active-key';

/** A cap in micro-dollars as the API's whole cents, and back. */
export const capCents = (micros: number | null) =>
  micros === null ? null : micros / MICROS_PER_CENT;
export const capMicros = (cents: number | null | undefined) =>
  cents == null ? null : cents * MICROS_PER_CENT;

/**
 * Sets or clears a key's monthly spend cap, audited as `key.update`. A key that had no cap kept
 * no count, so when it gets one its month so far is taken from the ledger: a cap set mid-month
 * counts what the key already spent this month.
 */
export async function setKeySpendCap(
  db: Executor,
  orgId: string,
  keyId: string,
  cap: number | null,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const k = schema.apiKeys;
  await db.transaction(async (tx) => {
    const [key] = await tx
      .select({ cap: k.spendCapMicros })
      .from(k)
      .where(and(eq(k.id, keyId), eq(k.orgId, orgId), isNull(k.revokedAt)))
      .for('update');
    if (!key) throw new ApiError('NOT_FOUND', { message: 'No active key has this id.' });
    const startCount = key.cap === null && cap !== null;
    await updateActiveKey(tx, orgId, keyId, {
      spendCapMicros: cap,
      ...(startCount
        ? {
            spendMonth: spendMonth(now),
            monthSpentMicros: (await keysMonthSpend(tx, [keyId], now)).get(keyId) ?? 0,
          }
        : {}),
    });
    await recordAudit(
      tx,
      {
        orgId,
        actor,
        action: 'key.update',
        target: { type: 'api_key', id: keyId },
        before: { monthly_spend_cap_cents: capCents(key.cap) },
        after: { monthly_spend_cap_cents: capCents(cap) },
      },
      now,
    );
  });
}
