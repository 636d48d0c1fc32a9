import { eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';
import type { LedgerKind } from '../adapters/db/schema';
import { lockWallet } from './lock-wallet';

const orgs = schema.organizations;

/**
 * Money back out (a refund or a dispute of a deposit): what the balance holds free of calls in
 * progress is taken, the rest becomes a debt (owed; new calls and speech wait for a top-up).
 * Money held by a live call stays with it. The reversed deposit stops counting toward the unlock.
 */
export async function takeBack(
  tx: Executor,
  entry: { orgId: string; kind: LedgerKind; micros: number; reference: string; now: Date },
): Promise<{ takenMicros: number; owedMicros: number }> {
  const org = await lockWallet(tx, entry.orgId);
  const taken = Math.min(entry.micros, org.balance - org.held);
  const owed = entry.micros - taken;
  await tx.insert(schema.walletLedger).values({
    orgId: entry.orgId,
    kind: entry.kind,
    amountMicros: -taken,
    balanceAfterMicros: org.balance - taken,
    reference: entry.reference,
    owedChangeMicros: owed > 0 ? owed : null,
    createdAt: entry.now,
  });
  await tx
    .update(orgs)
    .set({
      balanceMicros: org.balance - taken,
      owedMicros: org.owed + owed,
      depositsMicros: sql`greatest(${orgs.depositsMicros} - ${entry.micros}, 0)`,
    })
    .where(eq(orgs.id, entry.orgId));
  return { takenMicros: taken, owedMicros: owed };
}
