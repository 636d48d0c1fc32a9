import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { schema } from '../db';
import { ApiError } from '../http/api-error';
import { testNumberOutcomes } from '../telephony';
import { endCarrierCall } from './dial-carrier';
import type { CallEnding } from './finish-call';
import { readAgentContext } from './read-agent-context';
import type { CallDeps, CallRow, LineState } from './types';

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

/** Machine detection's verdict in our words. */
const answeredByOf = (value: string) =>
  value.startsWith('machine') || value === 'fax' ? 'voicemail' : 'human';

async function summarize(deps: CallDeps, call: CallRow): Promise<string | null> {
  const context = await readAgentContext(deps.db, call);
  if (context.turns.length === 0) return null;
  return deps.brain.summarize(context).catch(() => null);
}

/**
 * Applies one carrier callback, at any instance, in any order, any number of times: a final
 * status ends the call once (finishCall only ends a started call), an earlier status never
 * undoes a later one, and a call that never connected costs nothing.
 */
export async function applyCarrierStatus(
  deps: CallDeps,
  callId: string,
  callback: CarrierCallback,
): Promise<'applied' | 'ignored'> {
  const [call] = await deps.db.select().from(schema.calls).where(eq(schema.calls.id, callId));
  if (!call || (call.carrierCallSid && call.carrierCallSid !== callback.CallSid)) return 'ignored';
  if (call.queueStatus !== 'started') return 'ignored';
  const state: LineState = call.lineState ?? { phase: 'carrier', seq: 0 };
  const status = callback.CallStatus;

  if (status === 'completed') {
    const heard = (callback.CallDuration ?? 0) * 1000;
    const summary = heard > 0 && !state.errorMessage ? await summarize(deps, call) : null;
    const ending: CallEnding = state.errorMessage
      ? { queueStatus: 'call_error', endedBy: 'SYSTEM', errorMessage: state.errorMessage }
      : { queueStatus: 'complete', endedBy: state.endedBy ?? 'USER', summary };
    const ended = await endCarrierCall(deps, callId, ending, {
      durationMs: heard,
      carrierCallSid: callback.CallSid,
      // Connected without a verdict from machine detection: a person, as far as we know.
      ...(heard > 0 && !call.answeredBy
        ? { answeredBy: answeredByOf(callback.AnsweredBy ?? 'human') }
        : {}),
    });
    return ended ? 'applied' : 'ignored';
  }
  if (status && !(status in RANK)) {
    const { answeredBy, ...ending } = failure(callback);
    const ended = await endCarrierCall(deps, callId, ending, {
      durationMs: 0,
      answeredBy,
      carrierCallSid: callback.CallSid,
    });
    return ended ? 'applied' : 'ignored';
  }

  const values: Partial<CallRow> = { carrierCallSid: callback.CallSid };
  if (status && RANK[status]! > (RANK[state.carrierStatus ?? ''] ?? -1)) {
    values.lineState = { ...state, carrierStatus: status };
  }
  // Only machine detection decides who answered (the live call polls for its verdict).
  if (callback.AnsweredBy) values.answeredBy = answeredByOf(callback.AnsweredBy);
  await deps.db
    .update(schema.calls)
    .set(values)
    .where(and(eq(schema.calls.id, callId), eq(schema.calls.queueStatus, 'started')));
  return 'applied';
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
  const callId = new URL(url).searchParams.get('call_id') ?? '';
  const parsed = CarrierCallback.safeParse(input.form);
  if (!UUID.test(callId) || !parsed.success) {
    throw new ApiError('INVALID_BODY', { message: 'Not a call status callback of ours.' });
  }
  await applyCarrierStatus(deps, callId, parsed.data);
}
