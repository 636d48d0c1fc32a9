import { eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { CarrierLine } from '../../adapters/telephony';
import { signStreamToken } from '../../adapters/telephony/stream-token';
import type { CallDeps, CallRow, CarrierLineState } from '../types';
import { endCall } from './end-call';
import { carrierStateOf } from './line-state';
import { withLockedCall } from './lock-call';
import { hangUpAtCarrier } from './request-hang-up';

/** After max_duration plus this, a call the carrier never reported on is ended by us. */
export const CARRIER_GRACE_MS = 5 * 60_000;

/** The row of a real call as it leaves the queue: the carrier's callbacks advance it. */
export function carrierStart(call: CallRow, now: Date): Partial<CallRow> {
  return {
    queueStatus: 'started',
    startedAt: now,
    answeredBy: null,
    lineState: { line: 'carrier' } satisfies CarrierLineState,
    // No step is due while the carrier has the call; this one only catches a call it forgot.
    nextStepAt: new Date(now.getTime() + call.maxDuration * 60_000 + CARRIER_GRACE_MS),
  };
}

/** Places the call at the carrier and keeps its SID; a refusal ends the call unbilled. */
export async function placeCarrierCall(
  deps: CallDeps,
  carrier: CarrierLine,
  call: CallRow,
): Promise<void> {
  let carrierCallSid: string;
  try {
    ({ carrierCallSid } = await carrier.placeCall({
      callId: call.id,
      to: call.toNumber,
      from: call.fromNumber,
      timeLimitS: Math.max(1, Math.round(call.maxDuration * 60)),
      streamToken: signStreamToken(deps.settings.urlSigningKey, call.id, deps.clock.now()),
      machineDetection: call.voicemail !== null,
    }));
  } catch (error) {
    const reason = String((error as Error)?.message ?? error).slice(0, 200);
    console.error(`call ${call.id}: the carrier refused the call: ${reason}`);
    await endCall(deps, call.id, {
      queueStatus: 'call_error',
      endedBy: 'SYSTEM',
      errorMessage: `The carrier refused the call: ${reason}`,
    });
    return;
  }
  const hangUpNow = await withLockedCall(deps, call.id, async (tx, row) => {
    if (row.queueStatus !== 'started') return true;
    await tx.update(schema.calls).set({ carrierCallSid }).where(eq(schema.calls.id, call.id));
    // Stopped while the carrier was dialling: the hang-up waited for this SID.
    return !!carrierStateOf(row)?.pendingEnding;
  });
  if (hangUpNow) await hangUpAtCarrier(deps, call.id, carrierCallSid);
}
