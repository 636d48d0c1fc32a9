import { and, eq, sql } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { CallDeps, CallRow } from '../types';
import { endCall } from './end-call';
import { carrierStateOf } from './line-state';

/**
 * How long our side of the call ran: the media stream's length when it ended here, else (the
 * instance holding it died) the end of the last transcript line written.
 */
async function ownTimingMs(deps: CallDeps, call: CallRow): Promise<number> {
  const streamMs = carrierStateOf(call)?.streamMs;
  if (streamMs !== undefined) return streamMs;
  const [last] = await deps.db
    .select({
      endMs: sql<number>`max(${schema.transcripts.startMs} + ${schema.transcripts.durationMs})`,
    })
    .from(schema.transcripts)
    .where(and(eq(schema.transcripts.callId, call.id)));
  return Number(last?.endMs ?? 0);
}

/**
 * The carrier's final callback never came: after our hang-up and a bounded wait, or after
 * max_duration and a grace. The call is hung up (if we still can) and ended from our own
 * timing of its media stream, and the gap is logged: a call that was heard is still charged,
 * one that never streamed ends as an error, free.
 */
export async function carrierOverdue(deps: CallDeps, call: CallRow): Promise<void> {
  const pending = carrierStateOf(call)?.pendingEnding;
  const heardMs = await ownTimingMs(deps, call);
  if (heardMs > 0 || pending) {
    console.warn(
      `call ${call.id}: no final status from the carrier; charged from our media stream ` +
        `timing (${Math.round(heardMs / 1000)} s)`,
    );
  }
  await endCall(
    deps,
    call.id,
    pending?.errorMessage
      ? { queueStatus: 'call_error', endedBy: 'SYSTEM', errorMessage: pending.errorMessage }
      : pending || heardMs > 0
        ? { queueStatus: 'complete', endedBy: pending?.endedBy ?? 'MAX_DURATION' }
        : {
            queueStatus: 'call_error',
            endedBy: 'SYSTEM',
            errorMessage: 'The carrier sent no final status for this call.',
          },
    // A call we already hung up is not hung up twice.
    { before: { durationMs: heardMs }, reportedByCarrier: !!pending },
  );
}
