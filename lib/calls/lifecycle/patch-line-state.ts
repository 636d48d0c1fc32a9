import { eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { CallDeps, CarrierLineState } from '../types';
import { carrierStateOf } from './line-state';
import { withLockedCall } from './lock-call';

/** Merges `patch` into a live carrier call's line state, under its lock; nothing once it ended. */
export async function patchLineState(
  deps: Pick<CallDeps, 'db'>,
  callId: string,
  patch: Partial<CarrierLineState>,
): Promise<void> {
  await withLockedCall(deps, callId, async (tx, call) => {
    const state = carrierStateOf(call);
    if (call.queueStatus !== 'started' || !state) return;
    await tx
      .update(schema.calls)
      .set({ lineState: { ...state, ...patch } })
      .where(eq(schema.calls.id, callId));
  });
}
