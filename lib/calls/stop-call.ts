import { and, eq } from 'drizzle-orm';
import { schema } from '../db';
import { ApiError } from '../http/api-error';
import { finishCall } from './finish-call';
import type { CallDeps } from './types';

/**
 * Ends a queued or started call at once (call_ended_by API). It takes the row's lock, so a step
 * running meanwhile finds the call ended and its write is dropped.
 */
export async function stopCall(deps: CallDeps, orgId: string, callId: string): Promise<void> {
  const now = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(schema.calls)
      .where(and(eq(schema.calls.id, callId), eq(schema.calls.orgId, orgId)))
      .for('update');
    if (!call) throw new ApiError('NOT_FOUND', { message: 'No call has this id.' });
    const ended = await finishCall(
      tx,
      deps,
      call,
      { queueStatus: 'complete', endedBy: 'API' },
      now,
    );
    if (!ended) throw new ApiError('CALL_NOT_ACTIVE');
  });
}
