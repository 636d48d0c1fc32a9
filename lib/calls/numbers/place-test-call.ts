import { ApiError } from '../../platform/errors/api-error';
import type { CallDeps } from '../types';
import { findNumberOrThrow } from './find-number';
import { startInboundCall } from './inbound-call';

/** The sandbox's scripted caller: a fictional number (555-01xx rings nowhere). */
export const TEST_CALLER = '+12025550147';

const REFUSALS = {
  noAgent: 'NO_INBOUND_AGENT',
  busy: 'LINES_BUSY',
  unavailable: 'INSUFFICIENT_BALANCE',
  notInService: 'NUMBER_NOT_FOUND',
} as const;

/**
 * POST /v1/numbers/{number}/test-call, on the sandbox line: a scripted caller rings the number and
 * its agent answers, through the same start as a carrier's inbound call (the cap, the wallet's
 * hold, the call row) and the sandbox's talk loop, so the call's transcript, price and webhook
 * come out as a real one's would. What would turn a real caller away is the request's error.
 */
export async function placeTestCall(
  deps: CallDeps,
  input: { orgId: string; number: string; apiOrigin: string },
): Promise<{ status: 'success'; call_id: string; from: string; to: string }> {
  if (deps.provider.kind !== 'sandbox') throw new ApiError('TEST_CALL_NOT_AVAILABLE');
  const line = await findNumberOrThrow(deps.db, input.orgId, input.number);
  const answer = await startInboundCall(deps, {
    line,
    caller: TEST_CALLER,
    carrierCallSid: null,
    apiOrigin: input.apiOrigin,
  });
  if ('refused' in answer) throw new ApiError(REFUSALS[answer.refused]);
  return { status: 'success', call_id: answer.callId, from: TEST_CALLER, to: line.number };
}
