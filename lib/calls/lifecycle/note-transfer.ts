import { eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { CallDeps, CarrierLineState } from '../types';
import { carrierStateOf } from './line-state';
import { withLockedCall } from './lock-call';

/**
 * The agent handed the caller to `to` (transfer_call): the call says so, and on a carrier its
 * final callback ends it by TRANSFER, charged for the carrier's whole duration (the bridged time
 * included). Unlike a hang-up, nothing is hung up and the final callback is awaited until
 * max_duration's own deadline, not a short wait. A warm transfer's `leg` (the person's own
 * carrier call) is kept on the line to be billed with the call. False when the call is no
 * longer live.
 */
export async function noteTransfer(
  deps: Pick<CallDeps, 'db' | 'clock'>,
  callId: string,
  to: string,
  leg?: CarrierLineState['transferLeg'],
): Promise<boolean> {
  const now = deps.clock.now();
  const noted = await withLockedCall(deps, callId, async (tx, call) => {
    if (call.queueStatus !== 'started' || call.transferredTo) return false;
    const state = carrierStateOf(call);
    await tx
      .update(schema.calls)
      .set({
        transferredTo: to,
        transferredAt: new Date(now),
        ...(state
          ? {
              lineState: {
                ...state,
                ...(state.pendingEnding
                  ? {}
                  : { pendingEnding: { endedBy: 'TRANSFER' as const, requestedAt: now } }),
                ...(leg ? { transferLeg: leg } : {}),
              },
            }
          : {}),
      })
      .where(eq(schema.calls.id, callId));
    return true;
  });
  return noted === true;
}
