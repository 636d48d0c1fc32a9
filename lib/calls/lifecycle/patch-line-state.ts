import { eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { CallDeps, CarrierLineState } from '../types';
import { carrierStateOf } from './line-state';
import { withLockedCall } from './lock-call';

/**
 * Changes a live carrier call's line state under its lock: `patch` merged in, or the state
 * `patch` makes of the one it finds there. Nothing once the call ended.
 */
export async function patchLineState(
  deps: Pick<CallDeps, 'db'>,
  callId: string,
  patch: Partial<CarrierLineState> | ((state: CarrierLineState) => CarrierLineState),
): Promise<void> {
  await withLockedCall(deps, callId, async (tx, call) => {
    const state = carrierStateOf(call);
    if (call.queueStatus !== 'started' || !state) return;
    const lineState = typeof patch === 'function' ? patch(state) : { ...state, ...patch };
    await tx.update(schema.calls).set({ lineState }).where(eq(schema.calls.id, callId));
  });
}
