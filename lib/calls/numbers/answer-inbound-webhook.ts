import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { schema } from '../../adapters/db';
import { sayAndHangUpTwiml, streamTwiml } from '../../adapters/telephony';
import { signStreamToken } from '../../adapters/telephony/stream-token';
import { ApiError } from '../../platform/errors/api-error';
import type { CallDeps } from '../types';
import { numberHolder } from './find-number';
import { INBOUND_MESSAGES, startInboundCall } from './inbound-call';

/** The form fields of Twilio's voice webhook that we read. */
const InboundForm = z.object({
  CallSid: z.string().min(1).max(64),
  To: z.string().min(1).max(32),
  // Withheld numbers arrive as text such as "Anonymous": kept as the carrier sent it.
  From: z.string().max(64).default(''),
});

/**
 * POST /v1/telephony/twilio/inbound (the voice URL of every number we bought or imported): the
 * signature is checked over our public URL and the form (403 otherwise), then the number's agent
 * answers through the media stream, as a dialled call's agent does; a caller the organization
 * cannot take (or this instance, at its live-call capacity) hears why and the call ends, charged
 * nothing. A repeated webhook for a call already
 * answered connects its stream again (a fresh single-use token), never a second call.
 */
export async function answerInboundWebhook(
  deps: CallDeps,
  input: { signature: string | null; pathAndQuery: string; form: Record<string, string> },
): Promise<string> {
  const carrier = deps.provider;
  if (carrier.kind !== 'twilio') throw new ApiError('NOT_FOUND');
  const url = `${carrier.publicApiUrl}${input.pathAndQuery}`;
  if (!carrier.validSignature(input.signature, url, input.form)) {
    throw new ApiError('CARRIER_SIGNATURE_INVALID');
  }
  const parsed = InboundForm.safeParse(input.form);
  if (!parsed.success) {
    throw new ApiError('INVALID_BODY', { message: 'Not a voice webhook of ours.' });
  }
  const { CallSid: sid, To: to, From: caller } = parsed.data;
  const connect = (callId: string) =>
    streamTwiml(
      carrier.publicApiUrl,
      callId,
      signStreamToken(deps.settings.urlSigningKey, callId, deps.clock.now()),
    );
  const [known] = await deps.db
    .select({ id: schema.calls.id, queueStatus: schema.calls.queueStatus })
    .from(schema.calls)
    .where(eq(schema.calls.carrierCallSid, sid));
  if (known) {
    return known.queueStatus === 'started'
      ? connect(known.id)
      : sayAndHangUpTwiml(INBOUND_MESSAGES.unavailable);
  }
  const line = await numberHolder(deps.db, to);
  if (!line || line.source === 'sandbox') return sayAndHangUpTwiml(INBOUND_MESSAGES.notInService);
  // This instance at its live-call capacity (or with a saturated event loop): the caller hears
  // that the lines are busy rather than an agent that answers late, and the live calls keep
  // their latency. The stream would land here, so another instance cannot take it.
  if (deps.admission && !deps.admission.canAdmitLiveCall()) {
    return sayAndHangUpTwiml(INBOUND_MESSAGES.busy);
  }
  const answer = await startInboundCall(deps, {
    line,
    caller,
    carrierCallSid: sid,
    apiOrigin: carrier.publicApiUrl,
  });
  if ('refused' in answer) return sayAndHangUpTwiml(INBOUND_MESSAGES[answer.refused]);
  return connect(answer.callId);
}
