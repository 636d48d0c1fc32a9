import { eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { addDncNumbers } from './dnc-list';

/**
 * The callee opted out during a call: their number goes on the organization's do-not-call list
 * with the call as evidence (a listed number keeps its first entry), and the call says so.
 */
export async function recordOptOut(
  db: Db,
  call: { id: string; orgId: string; toNumber: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await addDncNumbers(
      tx,
      {
        orgId: call.orgId,
        numbers: [call.toNumber],
        reason: 'The callee asked during the call not to be called again.',
        source: 'opt_out',
        callId: call.id,
      },
      now,
    );
    await tx.update(schema.calls).set({ optedOut: true }).where(eq(schema.calls.id, call.id));
  });
}
