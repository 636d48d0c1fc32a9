import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { chargeUpTo, settleCallHold, settleKeySpend } from '../../wallet';
import { encodeWav } from '../../adapters/speech-engine';
import type { CallDeps, CallEndedBy, CallRow } from '../types';
import { TELEPHONY_SAMPLE_RATE } from '../speak-line';
import { carrierStateOf } from './line-state';
import { withLockedCall } from './lock-call';
import { hangUpAtCarrier } from './request-hang-up';
import { queueRetry } from '../scheduling/queue-retry';
import { queueCallWebhook } from '../webhooks/queue-call-webhook';

export interface CallEnding {
  queueStatus: 'complete' | 'call_error';
  endedBy: CallEndedBy;
  errorMessage?: string | null;
  summary?: string | null;
  /** With an analysis_schema: what was extracted (see lib/calls/analysis). */
  analysis?: Record<string, unknown> | null;
  analysisError?: string | null;
  analysisBy?: 'llm' | 'scripted' | null;
  /**
   * A second carrier leg billed with the call (a warm transfer's person): its minutes are
   * charged on top of the call's own, still within the call's hold.
   */
  legMs?: number;
}

/** Price of a call: every started minute of real audio. */
export function callCostMicros(durationMs: number, pricePerMinuteMicros: number): number {
  return Math.ceil(durationMs / 60_000) * pricePerMinuteMicros;
}

/**
 * When a call's reservation against its key's month was made: a single call's at dispatch, a
 * batch call's or a retry's at its dial (see reserve-batch-call.ts).
 */
function keyReservedAt(call: CallRow): Date {
  return (call.batchId !== null || call.retryOf !== null) && call.startedAt
    ? call.startedAt
    : call.createdAt;
}

/**
 * Ends a call under its row lock (see endCall): charges `durationMs` once, turns recorded
 * segments into one WAV, and queues its post-call webhook. Returns false when the call had
 * already ended.
 */
export async function endLockedCall(
  tx: Executor,
  deps: Pick<CallDeps, 'settings'>,
  call: CallRow,
  ending: CallEnding,
  now: Date,
): Promise<boolean> {
  const c = schema.calls;
  const [claimed] = await tx
    .update(c)
    .set({
      queueStatus: ending.queueStatus,
      endAt: now,
      callEndedBy: ending.endedBy,
      errorMessage: ending.errorMessage ?? null,
      summary: ending.summary ?? null,
      analysis: ending.analysis ?? null,
      analysisError: ending.analysisError ?? null,
      analysisBy: ending.analysisBy ?? null,
      nextStepAt: null,
      leaseToken: null,
      leaseUntil: null,
    })
    .where(and(eq(c.id, call.id), inArray(c.queueStatus, ['queued', 'started'])))
    .returning({ durationMs: c.durationMs });
  if (!claimed) return false;

  // Every started minute the line was open is paid for, however the call ended (an error after
  // it connected included); a call that never connected costs nothing.
  const price = deps.settings.pricePerMinuteMicros;
  const dropped = carrierStateOf(call)?.droppedLegs ?? [];
  const cost =
    callCostMicros(claimed.durationMs, price) +
    callCostMicros(ending.legMs ?? 0, price) +
    dropped.reduce((sum, leg) => sum + callCostMicros(leg.billedMs, price), 0);
  // The hold taken before the dial pays it, never more; the hold is released whole. A call placed
  // before holds existed takes what the wallet has free.
  const charged =
    call.heldMicros === null
      ? await chargeUpTo(tx, {
          orgId: call.orgId,
          kind: 'call_charge',
          micros: cost,
          reference: `call:${call.id}`,
          keyId: call.keyId,
          now,
        })
      : await settleCallHold(tx, {
          orgId: call.orgId,
          callId: call.id,
          heldMicros: call.heldMicros,
          costMicros: cost,
          keyId: call.keyId,
          now,
        });
  await tx.update(c).set({ priceMicros: charged }).where(eq(c.id, call.id));
  // The key's month held the call's longest possible cost since dispatch: now the real one.
  if (call.keyId && call.keyReservedMicros !== null)
    await settleKeySpend(tx, call.keyId, charged - call.keyReservedMicros, keyReservedAt(call));

  if (call.record) {
    const segments = await tx
      .select({ data: schema.callAudio.data })
      .from(schema.callAudio)
      .where(and(eq(schema.callAudio.callId, call.id), gte(schema.callAudio.seq, 0)))
      .orderBy(asc(schema.callAudio.seq));
    if (segments.length > 0) {
      const wav = encodeWav(Buffer.concat(segments.map((s) => s.data)), TELEPHONY_SAMPLE_RATE);
      await tx
        .delete(schema.callAudio)
        .where(and(eq(schema.callAudio.callId, call.id), gte(schema.callAudio.seq, 0)));
      await tx
        .insert(schema.callAudio)
        .values({ callId: call.id, seq: -1, sampleRate: TELEPHONY_SAMPLE_RATE, data: wav });
    }
  }

  await queueCallWebhook(tx, call, { type: 'call.completed', webhookId: `msg_${call.id}` }, now);
  // The next attempt of a call with a retry policy, in the ending's own transaction (once).
  if (call.retry) await queueRetry(tx, call.id, now);
  return true;
}

/**
 * The one way a call ends: under its row lock, only if it is still queued or started (and,
 * with `leaseToken`, only while that lease stands), writing `before` first (the carrier's
 * duration, say). A call still live on a carrier is hung up there once ended here, unless the
 * carrier itself reported the end. Returns whether this call ended it, or 'lease-lost'.
 */
export async function endCall(
  deps: Pick<CallDeps, 'db' | 'clock' | 'settings' | 'provider'>,
  callId: string,
  /** Or decided under the lock from the row as it stands then. */
  ending: CallEnding | ((locked: CallRow) => CallEnding & { before?: Partial<CallRow> }),
  options: {
    before?: Partial<CallRow>;
    leaseToken?: string | null;
    /** The carrier said the call is over: nothing to hang up. */
    reportedByCarrier?: boolean;
  } = {},
): Promise<boolean | 'lease-lost'> {
  const now = new Date(deps.clock.now());
  const outcome = await withLockedCall(deps, callId, async (tx, row) => {
    if (options.leaseToken !== undefined && row.leaseToken !== options.leaseToken) {
      return 'lease-lost' as const;
    }
    if (row.queueStatus !== 'queued' && row.queueStatus !== 'started') return false;
    const decided = typeof ending === 'function' ? ending(row) : ending;
    const { before: decidedBefore, ...chosen } = decided as CallEnding & {
      before?: Partial<CallRow>;
    };
    const before = { ...options.before, ...decidedBefore };
    if (Object.keys(before).length > 0) {
      await tx.update(schema.calls).set(before).where(eq(schema.calls.id, callId));
    }
    const ended = await endLockedCall(tx, deps, row, chosen, now);
    const live = ended && !options.reportedByCarrier && carrierStateOf(row) !== null;
    return ended ? { sid: live ? row.carrierCallSid : null } : false;
  });
  if (outcome === null || outcome === false || outcome === 'lease-lost') return outcome ?? false;
  if (outcome.sid) await hangUpAtCarrier(deps, callId, outcome.sid);
  return true;
}
