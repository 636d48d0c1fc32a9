import { eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { CallDeps, PendingEnding } from '../types';
import { carrierStateOf } from './line-state';
import { withLockedCall } from './lock-call';

/**
 * How long after our hang-up the carrier's final callback is awaited. Past it, the overdue
 * step ends the call from our own media-stream timing (see overdue.ts).
 */
export const FINAL_CALLBACK_WAIT_MS = 2 * 60_000;

export type HangUpRequest = 'requested' | 'already-ending' | 'not-live';

/**
 * A live carrier call is to end (the agent said goodbye, max_duration, an apology, a stop by
 * the API): notes why under the row lock, once (the first reason wins a race), then asks the
 * carrier to hang up. The carrier's final callback, at any instance, ends the call with this
 * reason and its own duration; the overdue step is due should that callback never come.
 */
export async function requestHangUp(
  deps: Pick<CallDeps, 'db' | 'clock' | 'provider'>,
  callId: string,
  reason: Omit<PendingEnding, 'requestedAt'>,
  scope: { orgId?: string } = {},
): Promise<HangUpRequest | null> {
  const now = deps.clock.now();
  const outcome = await withLockedCall(
    deps,
    callId,
    async (tx, call) => {
      const state = carrierStateOf(call);
      if (call.queueStatus !== 'started' || !state) return { result: 'not-live' as const };
      // A transfer is not a hang-up: the bridged call may still be stopped (by the API).
      if (state.pendingEnding && state.pendingEnding.endedBy !== 'TRANSFER')
        return { result: 'already-ending' as const };
      await tx
        .update(schema.calls)
        .set({
          lineState: { ...state, pendingEnding: { ...reason, requestedAt: now } },
          nextStepAt: new Date(now + FINAL_CALLBACK_WAIT_MS),
        })
        .where(eq(schema.calls.id, callId));
      return { result: 'requested' as const, sid: call.carrierCallSid };
    },
    scope,
  );
  if (!outcome) return null;
  // No SID yet (the dial is under way): the dial hangs up once it has one (carrier-dial.ts).
  if (outcome.result === 'requested' && outcome.sid)
    await hangUpAtCarrier(deps, callId, outcome.sid);
  return outcome.result;
}

/** Tells the carrier to hang up; a failure is logged, and the overdue step still ends the call. */
export async function hangUpAtCarrier(
  deps: Pick<CallDeps, 'provider'>,
  callId: string,
  sid: string,
): Promise<void> {
  if (deps.provider.kind !== 'twilio') return;
  await deps.provider
    .hangUp(sid)
    .catch((error: unknown) => console.warn(`call ${callId}: hang-up failed:`, error));
}
