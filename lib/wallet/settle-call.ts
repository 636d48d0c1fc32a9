import { eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';
import { lockWallet } from './lock-wallet';

/**
 * Ends a call's hold, inside the transaction that ends the call: its cost is charged, never more
 * than it held, with one ledger row keyed by the call (a replay stops there), and the hold is
 * released whole. Returns what was charged.
 */
export async function settleCallHold(
  tx: Executor,
  entry: {
    orgId: string;
    callId: string;
    heldMicros: number;
    costMicros: number;
    keyId: string | null;
    now: Date;
  },
): Promise<number> {
  const charged = Math.max(0, Math.min(entry.costMicros, entry.heldMicros));
  const org = await lockWallet(tx, entry.orgId);
  if (charged > 0) {
    await tx.insert(schema.walletLedger).values({
      orgId: entry.orgId,
      kind: 'call_charge',
      amountMicros: -charged,
      balanceAfterMicros: org.balance - charged,
      reference: `call:${entry.callId}`,
      keyId: entry.keyId,
      createdAt: entry.now,
    });
  }
  const o = schema.organizations;
  await tx
    .update(o)
    .set({
      balanceMicros: sql`${o.balanceMicros} - ${charged}`,
      heldMicros: sql`${o.heldMicros} - ${entry.heldMicros}`,
    })
    .where(eq(o.id, entry.orgId));
  return charged;
}
