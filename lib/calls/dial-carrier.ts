import { and, eq } from 'drizzle-orm';
import { schema } from '../db';
import type { CarrierLine } from '../telephony';
import { signStreamToken } from '../telephony/stream-token';
import { finishCall, type CallEnding } from './finish-call';
import type { CallDeps, CallRow, LineState } from './types';

/** After max_duration plus this, a call the carrier never reported on is ended by us. */
const CARRIER_GRACE_MS = 5 * 60_000;

/** The row of a real call as it leaves the queue: the carrier's callbacks advance it. */
export function carrierStart(call: CallRow, now: Date): Partial<CallRow> {
  return {
    queueStatus: 'started',
    startedAt: now,
    answeredBy: null,
    lineState: { phase: 'carrier', seq: 0 } satisfies LineState,
    // No step is due while the carrier has the call; this one only catches a call it forgot.
    nextStepAt: new Date(now.getTime() + call.maxDuration * 60_000 + CARRIER_GRACE_MS),
  };
}

/** Ends a started call under its row lock, unless something else ended it first. */
export async function endCarrierCall(
  deps: CallDeps,
  callId: string,
  ending: CallEnding,
  /** Written first, in the same transaction, only if the call is still started. */
  before: Partial<CallRow> = {},
): Promise<boolean> {
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(schema.calls)
      .where(eq(schema.calls.id, callId))
      .for('update');
    if (!row || row.queueStatus !== 'started') return false;
    if (Object.keys(before).length > 0) {
      await tx.update(schema.calls).set(before).where(eq(schema.calls.id, callId));
    }
    return finishCall(tx, deps, row, ending, now);
  });
}

/** Places the call at the carrier and keeps its SID; a refusal ends the call unbilled. */
export async function placeCarrierCall(
  deps: CallDeps,
  carrier: CarrierLine,
  call: CallRow,
): Promise<void> {
  try {
    const { carrierCallSid } = await carrier.placeCall({
      callId: call.id,
      to: call.toNumber,
      from: call.fromNumber,
      timeLimitS: Math.max(1, Math.round(call.maxDuration * 60)),
      streamToken: signStreamToken(deps.settings.urlSigningKey, call.id, deps.clock.now()),
    });
    await deps.db
      .update(schema.calls)
      .set({ carrierCallSid })
      .where(and(eq(schema.calls.id, call.id), eq(schema.calls.queueStatus, 'started')));
  } catch (error) {
    const reason = String((error as Error)?.message ?? error).slice(0, 200);
    console.error(`call ${call.id}: the carrier refused the call: ${reason}`);
    await endCarrierCall(deps, call.id, {
      queueStatus: 'call_error',
      endedBy: 'SYSTEM',
      errorMessage: `The carrier refused the call: ${reason}`,
    });
  }
}

/** The carrier never said the call ended: hang up if we can, and end it without a charge. */
export async function carrierOverdue(deps: CallDeps, call: CallRow): Promise<void> {
  if (deps.provider.kind === 'twilio' && call.carrierCallSid) {
    await deps.provider.hangUp(call.carrierCallSid).catch(() => undefined);
  }
  await endCarrierCall(deps, call.id, {
    queueStatus: 'call_error',
    endedBy: 'SYSTEM',
    errorMessage: 'The carrier sent no final status for this call.',
  });
}
