import { ApiError } from '../../platform/errors/api-error';
import type { CallDeps } from '../types';
import { endCall } from './end-call';
import { carrierStateOf } from './line-state';
import { withLockedCall } from './lock-call';
import { requestHangUp } from './request-hang-up';

/**
 * Stops a call (call_ended_by API). A queued or sandbox call ends at once; a call live on a
 * carrier is hung up there and ends on the carrier's final callback, charged for what the
 * carrier reports (or, should that never come, for our own media stream's length).
 */
export async function stopCall(deps: CallDeps, orgId: string, callId: string): Promise<void> {
  const found = await withLockedCall(
    deps,
    callId,
    async (_tx, call) => ({ live: call.queueStatus === 'started' && !!carrierStateOf(call) }),
    { orgId },
  );
  if (!found) throw new ApiError('NOT_FOUND', { message: 'No call has this id.' });
  if (found.live) {
    const requested = await requestHangUp(deps, callId, { endedBy: 'API' }, { orgId });
    // Already hanging up (max_duration, the agent's goodbye): that reason stands, the stop holds.
    if (requested === 'requested' || requested === 'already-ending') return;
  }
  const ended = await endCall(deps, callId, { queueStatus: 'complete', endedBy: 'API' });
  if (ended !== true) throw new ApiError('CALL_NOT_ACTIVE');
}
