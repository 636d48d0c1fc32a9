import { and, eq } from 'drizzle-orm';
import { CallDispatchRequest } from '@/schemas/calls';
import { schema, type Executor } from '../../adapters/db';
import { DEFAULT_CONCURRENT_CALLS, holdForCall } from '../../wallet';
import { ApiError } from '../../platform/errors/api-error';
import { loadCallAgent } from '../agents';
import { storedTools } from '../actions';
import { newCallValues } from '../create-call-row';
import { CARRIER_GRACE_MS } from '../lifecycle/carrier-dial';
import type { CallDeps, CarrierLineState } from '../types';
import type { NumberRow } from './find-number';

/** What a caller hears instead of an agent, and why: never a silent line. */
export const INBOUND_MESSAGES = {
  notInService: 'The number you have called is not in service. Goodbye.',
  noAgent:
    'Sorry, no one can take your call at this number right now. Please try again later. Goodbye.',
  busy: 'All our lines are busy right now. Please call again in a few minutes. Goodbye.',
  unavailable: 'Sorry, this line cannot take calls right now. Please try again later. Goodbye.',
} as const;
export type InboundRefusal = keyof typeof INBOUND_MESSAGES;

export type InboundAnswer = { callId: string } | { refused: InboundRefusal };

/** The wallet's refusals that turn a caller away (the organization is charged nothing). */
const UNFUNDED = new Set(['INSUFFICIENT_BALANCE', 'WALLET_IN_DEBT']);

/**
 * A caller reached `line` (a number the organization holds): the call row of its agent, started
 * now, with `direction: inbound`, the caller as `from` and our number as `to`, holding the
 * wallet as a dialled call does and counted against the concurrency cap (the org row locked, as
 * the dial step locks it). Refused — no agent, a full cap, a wallet that cannot pay a minute —
 * nothing is written and the caller is told.
 */
export async function startInboundCall(
  deps: CallDeps,
  input: { line: NumberRow; caller: string; carrierCallSid: string | null; apiOrigin: string },
): Promise<InboundAnswer> {
  const { line } = input;
  if (!line.inboundAgentId) return { refused: 'noAgent' };
  const now = new Date(deps.clock.now());
  try {
    return await deps.db.transaction(async (tx) => {
      const agent = await loadCallAgent(
        tx,
        line.orgId,
        { id: line.inboundAgentId!, field: 'inbound_agent_id' },
        deps.settings.urlSigningKey,
      );
      // The caller rang us: no machine to detect, so the agent's voicemail fields do not apply.
      const parsed = CallDispatchRequest.safeParse({
        ...agent.settings,
        phone_number: line.number,
        from: null,
        answered_by_enabled: null,
        voicemail_message: null,
        voicemail_action: null,
      });
      if (!parsed.success || !parsed.data.task) return { refused: 'unavailable' as const };
      const request = { ...parsed.data, task: parsed.data.task };
      if (!(await hasFreeLine(tx, line.orgId))) return { refused: 'busy' as const };
      const hold = await holdForCall(tx, {
        orgId: line.orgId,
        maxDurationMinutes: request.max_duration,
        pricePerMinuteMicros: deps.settings.pricePerMinuteMicros,
      });
      const values = newCallValues(
        deps.provider,
        {
          orgId: line.orgId,
          request,
          requestData: { direction: 'inbound', from: input.caller, to: line.number },
          apiOrigin: input.apiOrigin,
          hold,
          agent: { id: agent.id, version: agent.version },
          // The agent's tools, their header values sealed again in the row as a request's are.
          tools: storedTools(request.tools, deps.settings.urlSigningKey),
        },
        now,
      );
      const callId = values.id!;
      await tx.insert(schema.calls).values({
        ...values,
        direction: 'inbound',
        toNumber: line.number,
        fromNumber: input.caller,
        queueStatus: 'started',
        startedAt: now,
        answeredBy: 'human',
        carrierCallSid: input.carrierCallSid,
        lineState:
          deps.provider.kind === 'twilio'
            ? ({ line: 'carrier', carrierStatus: 'in-progress' } satisfies CarrierLineState)
            : { line: 'sandbox', phase: 'talking', seq: 0 },
        nextStepAt:
          deps.provider.kind === 'twilio'
            ? new Date(now.getTime() + hold.maxDurationMinutes * 60_000 + CARRIER_GRACE_MS)
            : now,
      });
      return { callId };
    });
  } catch (error) {
    if (error instanceof ApiError && UNFUNDED.has(error.code)) return { refused: 'unavailable' };
    if (error instanceof ApiError && error.code === 'AGENT_NOT_FOUND')
      return { refused: 'noAgent' };
    // The agent's tool headers cannot be opened (the signing key changed): not a call it can take.
    if (error instanceof ApiError && error.field === 'inbound_agent_id')
      return { refused: 'unavailable' };
    throw error;
  }
}

/** Under the org row's lock (held to the end of the transaction): a line free under its cap. */
async function hasFreeLine(tx: Executor, orgId: string): Promise<boolean> {
  const [org] = await tx
    .select({ cap: schema.organizations.limitConcurrentCalls })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, orgId))
    .for('update');
  const cap = org?.cap ?? DEFAULT_CONCURRENT_CALLS;
  const active = await tx.$count(
    schema.calls,
    and(eq(schema.calls.orgId, orgId), eq(schema.calls.queueStatus, 'started')),
  );
  return active < cap;
}
