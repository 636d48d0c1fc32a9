import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';
import type { LedgerKind } from '../adapters/db/schema';
import { lockWallet } from './lock-wallet';

/**
 * Takes `micros` from what the wallet holds free of other holds, or what is left of it when less,
 * inside the caller's transaction, with its ledger row. Only for a call placed before holds
 * existed (no hold of its own); every newer call settles its hold instead (settle-call.ts).
 * Returns what was actually taken.
 */
export async function chargeUpTo(
  tx: Executor,
  entry: {
    orgId: string;
    kind: LedgerKind;
    micros: number;
    reference: string;
    /** The API key whose request caused the charge (a call's), or NULL. */
    keyId: string | null;
    now: Date;
  },
): Promise<number> {
  if (entry.micros <= 0) return 0;
  const org = await lockWallet(tx, entry.orgId);
  const taken = Math.min(entry.micros, org.balance - org.held);
  if (taken <= 0) return 0;
  await tx.insert(schema.walletLedger).values({
    orgId: entry.orgId,
    kind: entry.kind,
    amountMicros: -taken,
    balanceAfterMicros: org.balance - taken,
    reference: entry.reference,
    keyId: entry.keyId,
    createdAt: entry.now,
  });
  await tx
    .update(schema.organizations)
    .set({ balanceMicros: org.balance - taken })
    .where(eq(schema.organizations.id, entry.orgId));
  return taken;
}
