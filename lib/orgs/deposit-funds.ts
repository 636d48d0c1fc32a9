import { recordAudit, type AuditActor } from '../audit/record-audit';
import type { Db } from '../db';
import { applyLedgerEntry, type LedgerResult } from './apply-ledger-entry';

/** A deposit and its audit row, together. */
export async function depositFunds(
  db: Db,
  orgId: string,
  amountMicros: number,
  actor: AuditActor,
  now: Date,
): Promise<LedgerResult> {
  return db.transaction(async (tx) => {
    const result = await applyLedgerEntry(tx, { orgId, kind: 'deposit', amountMicros, now });
    await recordAudit(
      tx,
      { orgId, actor, action: 'wallet.deposit', after: { amount_micros: amountMicros } },
      now,
    );
    return result;
  });
}
