import { eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { CallDeps, CarrierLineState } from '../types';
import { carrierStateOf } from './line-state';
import { withLockedCall } from './lock-call';
import { patchLineState } from './patch-line-state';

/**
 * The agent handed the caller to `to` (transfer_call): the call says so, and on a carrier its
 * final callback ends it by TRANSFER, charged for the carrier's whole duration (the bridged time
 * included). Unlike a hang-up, nothing is hung up and the final callback is awaited until
 * max_duration's own deadline, not a short wait. False when the call is no longer live.
 */
export async function noteTransfer(
  deps: Pick<CallDeps, 'db' | 'clock'>,
  callId: string,
  to: string,
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
              },
            }
          : {}),
      })
      .where(eq(schema.calls.id, callId));
    return true;
  });
  return noted === true;
}

/**
 * A warm transfer's person answered: their own carrier call is kept on the line, to be billed
 * with the call. Noted before the caller is moved to them, so that the caller's final callback,
 * which may come the moment the move is made, already finds it.
 */
export async function noteTransferLeg(
  deps: Pick<CallDeps, 'db'>,
  callId: string,
  leg: NonNullable<CarrierLineState['transferLeg']>,
): Promise<void> {
  await patchLineState(deps, callId, { transferLeg: leg });
}

/**
 * A warm transfer's person answered but the caller could not be moved to them, and their leg was
 * hung up: it leaves `transferLeg` (a later transfer notes its own there) for `droppedLegs`, still
 * billed with the call. An answered leg costs at least its first minute at the carrier.
 */
export async function noteDroppedLeg(
  deps: Pick<CallDeps, 'db' | 'clock'>,
  callId: string,
  leg: { sid: string; answeredAt: number },
): Promise<void> {
  const billedMs = Math.max(1_000, deps.clock.now() - leg.answeredAt);
  await patchLineState(deps, callId, ({ transferLeg, ...state }) => ({
    ...state,
    // Another leg noted meanwhile is not this one: it stays.
    ...(transferLeg && transferLeg.sid !== leg.sid ? { transferLeg } : {}),
    droppedLegs: [...(state.droppedLegs ?? []), { sid: leg.sid, billedMs }],
  }));
}
