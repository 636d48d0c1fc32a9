import { eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { CallDeps } from '../types';
import { withLockedCall } from './lock-call';
import { patchLineState } from './patch-line-state';

/** The carrier's media stream opened: the call's SID is known from its start frame. */
export async function mediaStreamStarted(
  deps: Pick<CallDeps, 'db'>,
  callId: string,
  carrierCallSid: string,
): Promise<void> {
  await withLockedCall(deps, callId, async (tx, call) => {
    if (call.carrierCallSid) return;
    await tx.update(schema.calls).set({ carrierCallSid }).where(eq(schema.calls.id, callId));
  });
}

/**
 * The media stream ended here after `streamMs`: kept on the line, it is what the call is
 * charged for should the carrier's final callback never come.
 */
export async function mediaStreamEnded(
  deps: Pick<CallDeps, 'db'>,
  callId: string,
  streamMs: number,
): Promise<void> {
  await patchLineState(deps, callId, { streamMs: Math.max(0, Math.round(streamMs)) });
}
