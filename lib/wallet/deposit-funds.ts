import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditActor } from '../accounts';
import type { Db } from '../adapters/db';
import { credit } from './credit';

/**
 * An admin's deposit and its audit row, together: credited like a paid top-up, so it repays a
 * debt first and counts toward the unlock.
 */
export async function depositFunds(
  db: Db,
  orgId: string,
  amountMicros: number,
  actor: AuditActor,
  now: Date,
): Promise<{ balanceMicros: number; repaidMicros: number }> {
  return db.transaction(async (tx) => {
    const result = await credit(tx, {
      orgId,
      kind: 'deposit',
      micros: amountMicros,
      reference: `admin:${randomUUID()}`,
      countsTowardUnlock: true,
      now,
    });
    await recordAudit(
      tx,
      { orgId, actor, action: 'wallet.deposit', after: { amount_micros: amountMicros } },
      now,
    );
    return result;
  });
}
