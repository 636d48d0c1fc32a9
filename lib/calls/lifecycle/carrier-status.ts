import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { schema } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { carrierLineOf, testNumberOutcomes } from '../../adapters/telephony';
import { readAgentContext } from '../read-agent-context';
import { callResults, type CallResults } from '../analysis/call-results';
import type { CallDeps, CallRow, CarrierLineState } from '../types';
import { endCall, type CallEnding } from './end-call';
import { carrierStateOf } from './line-state';
import { withLockedCall } from './lock-call';

/** The form fields of Twilio's status and machine-detection callbacks that we read. */
export const CarrierCallback = z.object({
  CallSid: z.string().min(1),
  CallStatus: z
    .enum([
      'queued',
      'initiated',
      'ringing',
      'in-progress',
      'completed',
      'busy',
      'no-answer',
      'failed',
      'canceled',
    ])
    .optional(),
  CallDuration: z.coerce.number().int().min(0).optional(),
  AnsweredBy: z.string().optional(),
  SipResponseCode: z.string().optional(),
});
export type CarrierCallback = z.infer<typeof CarrierCallback>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RANK: Record<string, number> = { queued: 0, initiated: 1, ringing: 2, 'in-progress': 3 };

/** The sandbox's test numbers' wording, so both lines read the same in call records. */
const sandboxMessage = (digits: string) => {
  const outcome = testNumberOutcomes[digits];
  return outcome?.kind === 'failed' ? outcome.errorMessage : 'The call could not be connected.';
};

function failure(callback: CarrierCallback): CallEnding & { answeredBy: string | null } {
  const base = { queueStatus: 'call_error' as const, endedBy: 'SYSTEM' as const };
  switch (callback.CallStatus) {
    case 'busy':
      return { ...base, answeredBy: null, errorMessage: sandboxMessage('5550102') };
    case 'no-answer':
      return { ...base, answeredBy: 'no-answer', errorMessage: sandboxMessage('5550101') };
    case 'canceled':
      return {
        ...base,
        answeredBy: null,
        errorMessage: 'The call was canceled before it connected.',
      };
    default:
      return {
        ...base,
        answeredBy: null,
        errorMessage:
          callback.SipResponseCode === '404'
            ? sandboxMessage('5550104')
            : `The call could not be connected${callback.SipResponseCode ? ` (carrier error ${callback.SipResponseCode})` : ''}.`,
      };
  }
}

/** Machine detection's verdict in our words (`unknown`: it could not tell). */
const answeredByOf = (value: string) =>
  value.startsWith('machine') || value === 'fax'
    ? 'voicemail'
    : value === 'unknown'
      ? 'unknown'
      : 'human';

async function resultsOf(deps: CallDeps, call: CallRow): Promise<CallResults> {
  const context = await readAgentContext(deps.db, call);
  if (context.turns.length === 0) return { summary: null };
  return callResults(deps, call, context);
}

/**
 * How long a warm transfer's person's leg is billed: the carrier's own duration once it ended,
 * else (the caller's leg reported first: the conference ends both at once) the time since the
 * person answered. Null without such a leg.
 */
async function transferLegMs(deps: CallDeps, state: CarrierLineState): Promise<number | null> {
  const leg = state.transferLeg;
  if (!leg) return null;
  if (leg.billedMs !== undefined) return leg.billedMs;
  const carrier = carrierLineOf(deps.provider);
  const seconds = carrier?.legBilledSeconds
    ? await carrier.legBilledSeconds(leg.sid).catch((error: unknown) => {
        console.warn(`transfer leg ${leg.sid}: its duration could not be read:`, error);
        return null;
      })
    : null;
  return seconds !== null ? seconds * 1000 : Math.max(0, deps.clock.now() - leg.answeredAt);
}

/** How a final status ends the call: by our pending reason if we hung up, else as it says. */
function finalEnding(
  call: CallRow,
  callback: CarrierCallback,
  results: CallResults,
  measuredLegMs: number | null,
  nowMs: number,
): CallEnding & { before: Partial<CallRow> } {
  const state: CarrierLineState = carrierStateOf(call) ?? { line: 'carrier' };
  // A leg noted after the callback's first read (the person answered meanwhile) is billed from
  // their answer, as when the carrier cannot say how long it was.
  const legMs =
    measuredLegMs ??
    (state.transferLeg && callback.CallStatus === 'completed'
      ? (state.transferLeg.billedMs ?? Math.max(0, nowMs - state.transferLeg.answeredAt))
      : null);
  const heard = callback.CallStatus === 'completed' ? (callback.CallDuration ?? 0) * 1000 : 0;
  const pending = state.pendingEnding;
  const before: Partial<CallRow> = { durationMs: heard, carrierCallSid: callback.CallSid };
  if (callback.CallStatus !== 'completed' && !pending) {
    const { answeredBy, ...ending } = failure(callback);
    return { ...ending, before: { ...before, answeredBy } };
  }
  // The person's leg of a warm transfer: charged with the call, and kept on the line as charged.
  const leg = legMs !== null && state.transferLeg ? { legMs } : {};
  if (legMs !== null && state.transferLeg) {
    before.lineState = { ...state, transferLeg: { ...state.transferLeg, billedMs: legMs } };
  }
  // Connected without a verdict from machine detection: a person, as far as we know.
  if (heard > 0 && !call.answeredBy) {
    before.answeredBy = answeredByOf(callback.AnsweredBy ?? 'human');
  }
  if (pending?.errorMessage) {
    return {
      queueStatus: 'call_error',
      endedBy: 'SYSTEM',
      errorMessage: pending.errorMessage,
      ...leg,
      before,
    };
  }
  return {
    queueStatus: 'complete',
    endedBy: pending?.endedBy ?? 'USER',
    ...results,
    ...leg,
    before,
  };
}

/** A final callback for a call already ended (by the overdue step, say): say if we differ. */
function noteLateCallback(call: CallRow, callback: CarrierCallback): void {
  if (callback.CallStatus !== 'completed' || callback.CallDuration === undefined) return;
  const reported = callback.CallDuration * 1000;
  if (Math.abs(reported - call.durationMs) >= 1000) {
    console.warn(
      `call ${call.id}: the carrier's late final status reports ${callback.CallDuration} s; ` +
        `the call was already ended and charged for ${Math.round(call.durationMs / 1000)} s`,
    );
  }
}

/**
 * Applies one carrier callback, at any instance, in any order, any number of times: a final
 * status ends the call once (endCall only ends a started call), an earlier status never
 * undoes a later one, and a call that never connected costs nothing. After our hang-up, the
 * final status ends the call with the reason we noted, charged for the carrier's duration.
 */
export async function applyCarrierStatus(
  deps: CallDeps,
  callId: string,
  callback: CarrierCallback,
): Promise<'applied' | 'ignored'> {
  const [call] = await deps.db.select().from(schema.calls).where(eq(schema.calls.id, callId));
  if (!call || (call.carrierCallSid && call.carrierCallSid !== callback.CallSid)) return 'ignored';
  const state = carrierStateOf(call);
  if (!state) return 'ignored';
  if (call.queueStatus !== 'started') {
    noteLateCallback(call, callback);
    return 'ignored';
  }
  const status = callback.CallStatus;

  if (status && !(status in RANK)) {
    // The summary and analysis are written before the lock (model calls); the ending is decided
    // under it.
    const heard =
      status === 'completed' &&
      (callback.CallDuration ?? 0) > 0 &&
      !state.pendingEnding?.errorMessage;
    const results = heard ? await resultsOf(deps, call) : { summary: null };
    const legMs = status === 'completed' ? await transferLegMs(deps, state) : null;
    const ended = await endCall(
      deps,
      callId,
      (locked) => finalEnding(locked, callback, results, legMs, deps.clock.now()),
      { reportedByCarrier: true },
    );
    return ended === true ? 'applied' : 'ignored';
  }

  const applied = await withLockedCall(deps, callId, async (tx, row) => {
    const current = carrierStateOf(row);
    if (row.queueStatus !== 'started' || !current) return false;
    const values: Partial<CallRow> = { carrierCallSid: callback.CallSid };
    if (status && RANK[status]! > (RANK[current.carrierStatus ?? ''] ?? -1)) {
      values.lineState = { ...current, carrierStatus: status };
    }
    // Only machine detection decides who answered (the live call polls for its verdict).
    if (callback.AnsweredBy) values.answeredBy = answeredByOf(callback.AnsweredBy);
    await tx.update(schema.calls).set(values).where(eq(schema.calls.id, callId));
    return true;
  });
  return applied ? 'applied' : 'ignored';
}

/**
 * POST /v1/telephony/twilio/status: the signature is checked over our public URL of the
 * callback and every form parameter (403 otherwise), then the callback is applied.
 */
export async function receiveCarrierCallback(
  deps: CallDeps,
  input: { signature: string | null; pathAndQuery: string; form: Record<string, string> },
): Promise<void> {
  const carrier = deps.provider;
  if (carrier.kind !== 'twilio') throw new ApiError('NOT_FOUND');
  const url = `${carrier.publicApiUrl}${input.pathAndQuery}`;
  if (!carrier.validSignature(input.signature, url, input.form)) {
    throw new ApiError('CARRIER_SIGNATURE_INVALID');
  }
  const parsed = CarrierCallback.safeParse(input.form);
  let callId = new URL(url).searchParams.get('call_id') ?? '';
  if (!callId && parsed.success) {
    // An inbound call's status comes from its number's callback, named by the carrier's SID
    // alone; a caller we turned away (no call row) is nothing to apply.
    const found = await callIdOfSid(deps, parsed.data.CallSid);
    if (!found) return;
    callId = found;
  }
  if (!UUID.test(callId) || !parsed.success) {
    throw new ApiError('INVALID_BODY', { message: 'Not a call status callback of ours.' });
  }
  await applyCarrierStatus(deps, callId, parsed.data);
}

async function callIdOfSid(deps: CallDeps, carrierCallSid: string): Promise<string | null> {
  const [call] = await deps.db
    .select({ id: schema.calls.id })
    .from(schema.calls)
    .where(eq(schema.calls.carrierCallSid, carrierCallSid));
  return call?.id ?? null;
}
