import { and, eq } from 'drizzle-orm';
import { CallDispatchRequest, type CallDispatchInput } from '@/schemas/calls';
import { schema } from '../adapters/db';
import { ApiError } from '../platform/errors/api-error';
import { parseBody } from '../platform/http/parse-body';
import { runIdempotent } from '../adapters/store/idempotency/run-idempotent';
import { assertWalletUsable, holdForCall, reserveKeySpend, type SpendingKey } from '../wallet';
import { getOrgOrThrow } from '../accounts';
import { resolveVoice } from '../speech';
import { checkWebhookUrl } from '../adapters/webhooks/check-webhook-url';
import {
  checkVelocityAtDispatch,
  foldDispatchRules,
  judgeFoldedRules,
  scheduleAtDispatch,
} from './rules';
import {
  insertCall,
  insertHeldCall,
  insertHeldCallWithRules,
  type NewCall,
} from './create-call-row';
import { callCostMicros } from './lifecycle/end-call';
import { sentParams } from './sent-params';
import { loadCallAgent, mergeAgentSettings, requestedAgentId, type CallAgent } from './agents';
import type { CallDeps } from './types';
import { checkStartTime } from './scheduling/check-start-time';
import { checkCallControls } from './call-controls';
import { checkCallTools, storedTools, withoutToolHeaders } from './actions';
import { checkTransferFields } from './check-transfer-fields';

export interface DispatchResponse {
  status: 'success';
  message: string;
  call_id: string;
  batch_id: null;
}

export interface DispatchResult {
  body: DispatchResponse;
  replayed: boolean;
}

const responseFor = (callId: string): DispatchResponse => ({
  status: 'success',
  message: 'Call successfully queued.',
  call_id: callId,
  batch_id: null,
});

/**
 * Parses a dispatch body and checks its webhook target (400 naming the field) and its voice: an
 * unknown voice (another org's clone included) is 404 VOICE_NOT_FOUND, a draft clone 409
 * VOICE_NOT_LIVE, both naming `voice`.
 */
export async function parseDispatch(
  deps: CallDeps,
  body: unknown,
  orgId: string,
): Promise<{ request: CallDispatchInput; agent: CallAgent | null }> {
  const sent = parseBody(CallDispatchRequest, body);
  const named = requestedAgentId(sent);
  // A saved agent's settings under the fields the request sent (as sent: the parsed request has
  // defaults filled in, which would hide the agent's), checked again as one request: the agent's
  // tools, voicemail and transfer numbers pass the same checks and calling rules as a request's.
  const agent = named
    ? await loadCallAgent(deps.db, orgId, named, deps.settings.urlSigningKey)
    : null;
  const parsed = agent
    ? parseBody(
        CallDispatchRequest,
        mergeAgentSettings(agent.settings, body as Record<string, unknown>),
      )
    : sent;
  const { task, agent_id: _agentId, persona_id: _personaId, ...rest } = parsed;
  if (task === undefined) {
    throw new ApiError('INVALID_BODY', {
      message: 'task: required (or agent_id naming a saved agent, whose task the call takes).',
      field: 'task',
    });
  }
  const request: CallDispatchInput = { ...rest, task };
  checkCallControls(request, deps.lineLimits);
  if (request.voice) await resolveVoice(deps, orgId, request.voice);
  if (request.webhook) {
    const verdict = await checkWebhookUrl(request.webhook, deps.settings.allowIps);
    if (!verdict.ok) {
      throw new ApiError('INVALID_BODY', {
        message: `webhook: ${verdict.reason}`,
        field: 'webhook',
      });
    }
  }
  await checkCallTools(request.tools, deps.settings.allowIps);
  await checkTransferFields(deps, orgId, request);
  return { request, agent };
}

/** The wallet as authentication read it, or undefined to read it now. */
async function assertFunded(deps: CallDeps, orgId: string, wallet: Wallet | undefined) {
  const { balanceMicros, owedMicros } = wallet ?? (await getOrgOrThrow(deps.db, orgId));
  assertWalletUsable({ balanceMicros, owedMicros });
}

type Wallet = { balanceMicros: number; owedMicros: number };

function walletUsable(wallet: Wallet): boolean {
  try {
    assertWalletUsable(wallet);
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /v1/calls. With an Idempotency-Key, twins are serialised by the shared store claim and
 * the key is also unique per org in the database, so a replay finds the first call even after
 * the store forgot it; the same key with another body is refused.
 */
export async function dispatchCall(
  deps: CallDeps,
  input: {
    orgId: string;
    body: unknown;
    idempotencyKey: string | null;
    origin: string;
    /** The wallet as authentication read it (spares a query); omitted → read here. */
    wallet?: Wallet;
    /** The API key placing the call: named on its charge, and its monthly cap applies. */
    key?: SpendingKey | null;
  },
): Promise<DispatchResult> {
  const { request, agent } = await parseDispatch(deps, input.body, input.orgId);
  // A start_time that has passed, or is beyond 30 days, is refused before anything is written.
  const startTime = checkStartTime(request.start_time, deps.clock.now());
  const { orgId, origin } = input;
  // Tools' header values are secrets: never in the stored request_data (the hash still sees them).
  const sent = sentParams(input.body);
  const requestData = withoutToolHeaders(sent);
  const insert = async (keyed?: { idempotencyKey: string; requestHash: string }) => {
    const now = new Date(deps.clock.now());
    const spending = input.key;
    const price = deps.settings.pricePerMinuteMicros;
    const call: NewCall = {
      scheduledFor: null,
      orgId,
      request,
      requestData,
      apiOrigin: origin,
      keyId: input.key?.keyId ?? null,
      agent,
      startTime,
      tools: storedTools(request.tools, deps.settings.urlSigningKey),
      ...keyed,
    };
    // The hot path: the hold and the call's insert in one statement.
    const heldInOneStatement = spending?.spendCapMicros == null && price > 0;
    const rulesDeps = deps.rules && { db: deps.db, rules: deps.rules, provider: deps.provider };
    const attempt = {
      orgId,
      to: request.phone_number,
      from: request.from ?? null,
      now: now.getTime(),
    };
    // A scheduled call's calling hours are judged for its start_time (and again at its dial).
    const judged = startTime ? { ...attempt, now: startTime.getTime() } : attempt;
    // A new organization's real calls (a carrier, not a test number) answer to its velocity cap
    // first; on the sandbox line this reads nothing.
    if (rulesDeps) {
      await checkVelocityAtDispatch(deps.db, orgId, {
        to: request.phone_number,
        now: attempt.now,
        carrier: deps.provider.kind === 'twilio',
      });
    }
    let scheduledFor: Date | null = null;
    // The calling rules answer first: a refused call never touches the wallet. On the hot path
    // their database part runs inside the insert's statement (one round trip, not two), when the
    // wallet as authentication read it would not refuse first anyway.
    const folded =
      !startTime && rulesDeps && heldInOneStatement && input.wallet && walletUsable(input.wallet)
        ? await foldDispatchRules(rulesDeps, attempt)
        : null;
    if (rulesDeps && folded) {
      const done = await insertHeldCallWithRules(deps.db, deps.provider, call, price, now, folded);
      if (done.id) return responseFor(done.id);
      // Nothing written: the rules' refusal (or deferral) on the view the statement read, else
      // the wallet's, found by the plain insert below.
      scheduledFor = done.view
        ? await judgeFoldedRules(rulesDeps, attempt, done.view, request.defer_to_calling_hours)
        : await scheduleAtDispatch(rulesDeps, attempt, request.defer_to_calling_hours);
    } else if (rulesDeps) {
      scheduledFor = await scheduleAtDispatch(rulesDeps, judged, request.defer_to_calling_hours);
    }
    await assertFunded(deps, orgId, input.wallet);
    call.scheduledFor = scheduledFor;
    if (heldInOneStatement) {
      const held = await insertHeldCall(deps.db, deps.provider, call, price, now);
      if (held) return responseFor(held);
      const { owedMicros } = await getOrgOrThrow(deps.db, orgId);
      throw new ApiError(owedMicros > 0 ? 'WALLET_IN_DEBT' : 'INSUFFICIENT_BALANCE');
    }
    const callId = await deps.db.transaction(async (tx) => {
      // The wallet holds the call's worst case before it is queued: max_duration, cut to what
      // the balance free of other holds pays (402 with less than a minute).
      const hold = await holdForCall(tx, {
        orgId,
        maxDurationMinutes: request.max_duration,
        pricePerMinuteMicros: deps.settings.pricePerMinuteMicros,
      });
      if (spending?.spendCapMicros == null)
        return insertCall(tx, deps.provider, { ...call, hold }, now);
      // A capped key's month holds the call's longest possible cost until it ends (trued up then).
      const reserved = callCostMicros(
        hold.maxDurationMinutes * 60_000,
        deps.settings.pricePerMinuteMicros,
      );
      await reserveKeySpend(tx, spending, reserved, now);
      return insertCall(tx, deps.provider, { ...call, hold, keyReservedMicros: reserved }, now);
    });
    return responseFor(callId);
  };
  const key = input.idempotencyKey;
  if (key === null) return { body: await insert(), replayed: false };
  return runIdempotent(deps, {
    scope: 'calls',
    orgId,
    key,
    // The known fields as sent: the same request hashes alike through REST and the tool server.
    body: sent,
    findEarlier: async (requestHash) => {
      const [row] = await deps.db
        .select({ id: schema.calls.id, requestHash: schema.calls.requestHash })
        .from(schema.calls)
        .where(and(eq(schema.calls.orgId, orgId), eq(schema.calls.idempotencyKey, key)));
      if (!row) return null;
      if (row.requestHash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      return responseFor(row.id);
    },
    create: (requestHash) => insert({ idempotencyKey: key, requestHash }),
  });
}
