import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import type { CallDeps, CallRow } from '../types';

/**
 * Runs one transition of a call under its row lock: every change of a call's state goes
 * through here, so two transitions of one call (a stop and a callback, at two instances)
 * never interleave. `fn` sees the row as locked; null when no such call (of this org).
 */
export async function withLockedCall<T>(
  deps: Pick<CallDeps, 'db'>,
  callId: string,
  fn: (tx: Executor, call: CallRow) => Promise<T>,
  scope: { orgId?: string } = {},
): Promise<T | null> {
  return deps.db.transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(schema.calls)
      .where(
        and(
          eq(schema.calls.id, callId),
          scope.orgId ? eq(schema.calls.orgId, scope.orgId) : undefined,
        ),
      )
      .for('update');
    return call ? fn(tx, call) : null;
  });
}
