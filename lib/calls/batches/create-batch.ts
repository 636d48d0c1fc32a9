import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { BatchCreateRequest, type BatchCallParams } from '@/schemas/batches';
import type { CallDispatchInput } from '@/schemas/calls';
import { E164 } from '@/schemas/phone';
import type { z } from '@/schemas/zod';
import { schema } from '../../adapters/db';
import { newCallValues } from '../create-call-row';
import type { CallDeps } from '../types';
import { runIdempotent } from '../../adapters/store/idempotency/run-idempotent';
import { parseBody } from '../../platform/http/parse-body';
import { assertWalletUsable, reserveKeySpend, type SpendingKey } from '../../wallet';
import { getOrgOrThrow } from '../../accounts';
import { insertBatchCalls } from './insert-batch-calls';
import { loadCallAgent, requestedAgentId, type AgentCallSettings } from '../agents';
import { ApiError } from '../../platform/errors/api-error';
import { checkStartTime } from '../scheduling/check-start-time';
import { checkCallControls, controlsOf } from '../call-controls';
import { checkCallTools, storedTools, withoutToolHeaders } from '../actions';
import { checkTransferFields } from '../check-transfer-fields';

type BatchCallParamsInput = z.output<typeof BatchCallParams>;

export interface CreateBatchResponse {
  status: 'success';
  batch_id: string;
}

/** A batch id derived from the org and its Idempotency-Key, so a retry finds the first batch. */
function keyedBatchId(orgId: string, key: string): string {
  const hex = createHash('sha256').update(`batch:${orgId}:${key}`).digest('hex');
  // RFC 9562 layout: version 8 (custom), variant 10.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The voicemail, speech, tools and transfer fields every call of the batch takes: each one
 * call_params sets (not null), else the saved agent's. Like a call's request, a batch that turns
 * detection off drops the agent's voicemail fields.
 */
function sharedSettings(saved: AgentCallSettings, params: BatchCallParamsInput) {
  const offDetection = params.answered_by_enabled === false;
  const agent: AgentCallSettings = offDetection
    ? { ...saved, voicemail_message: null, voicemail_action: null }
    : saved;
  const controls = controlsOf(params);
  return {
    ...(Object.fromEntries(
      Object.entries(controls).map(([key, value]) => [
        key,
        value ?? agent[key as keyof typeof controls] ?? null,
      ]),
    ) as typeof controls),
    tools: params.tools ?? agent.tools ?? null,
    transfer_phone_number: params.transfer_phone_number ?? agent.transfer_phone_number ?? null,
    transfer_list: params.transfer_list ?? agent.transfer_list ?? null,
    transfer_mode: params.transfer_mode ?? agent.transfer_mode ?? null,
  };
}

/** Settings are read for the tools only (their URLs, and their headers sealed and opened). */
type BatchDeps = Pick<CallDeps, 'db' | 'provider' | 'clock' | 'store' | 'lineLimits' | 'rules'> &
  Partial<Pick<CallDeps, 'settings'>>;

/**
 * POST /v1/batches. With an Idempotency-Key the batch id is derived from the key, so a retry
 * answers the first batch (and cannot insert a second: the id is the primary key).
 */
export async function createBatch(
  deps: BatchDeps,
  input: {
    orgId: string;
    body: unknown;
    origin: string;
    idempotencyKey?: string | null;
    /** The API key queueing it: named on each call's charge; a key at its cap is refused. */
    key?: SpendingKey | null;
  },
): Promise<CreateBatchResponse & { replayed: boolean }> {
  const key = input.idempotencyKey ?? null;
  if (key === null) {
    return { ...(await insertBatch(deps, input, randomUUID())), replayed: false };
  }
  const batchId = keyedBatchId(input.orgId, key);
  const { body, replayed } = await runIdempotent(deps, {
    scope: 'batches',
    orgId: input.orgId,
    key,
    body: input.body,
    findEarlier: async () => {
      const [row] = await deps.db
        .select({ id: schema.batches.id })
        .from(schema.batches)
        .where(and(eq(schema.batches.id, batchId), eq(schema.batches.orgId, input.orgId)));
      return row ? { status: 'success' as const, batch_id: row.id } : null;
    },
    create: () => insertBatch(deps, input, batchId),
  });
  return { ...body, replayed };
}

/**
 * Every row becomes a call of the batch, queued for the scheduler like a
 * single call; a row whose number is not valid becomes a call_error call instead of failing the
 * batch. The batch and all its calls are written in one transaction: all or nothing.
 */
async function insertBatch(
  deps: BatchDeps,
  input: { orgId: string; body: unknown; origin: string; key?: SpendingKey | null },
  batchId: string,
): Promise<CreateBatchResponse> {
  const request = parseBody(BatchCreateRequest, input.body);
  const named = requestedAgentId(request);
  // The tools' URLs and sealed headers need the settings (a saved agent's headers are opened
  // with the same key).
  const settings = deps.settings ?? { allowIps: [], urlSigningKey: '' };
  const agent = named
    ? await loadCallAgent(deps.db, input.orgId, named, settings.urlSigningKey)
    : null;
  // A saved agent's settings, replaced by what the batch sets itself.
  const saved = agent?.settings ?? {};
  const task = request.base_prompt ?? saved.task;
  if (task === undefined) {
    throw new ApiError('INVALID_BODY', {
      message:
        'base_prompt: required (or agent_id naming a saved agent, whose task the calls take).',
      field: 'base_prompt',
    });
  }
  const org = await getOrgOrThrow(deps.db, input.orgId);
  assertWalletUsable(org);
  const params = request.call_params ?? {};
  // The agent's actions, voicemail and speech fields under the batch's own, then checked as one
  // (the agent's transfer numbers pass the calling rules as the batch's would).
  const shared = sharedSettings(saved, params);
  await checkTransferFields(deps, input.orgId, shared);

  const now = new Date(deps.clock.now());
  const capped = input.key?.spendCapMicros != null;
  // The batch's start_time holds every call as POST /v1/calls holds one: refused when passed or
  // beyond 30 days (nothing written), else queued until then, calling hours judged at each dial.
  const startTime = checkStartTime(params.start_time, now.getTime(), 'call_params.start_time');
  checkCallControls(shared, deps.lineLimits, 'call_params.');
  // The tools' URLs and schemas, checked once for every call (the settings say what may be reached).
  await checkCallTools(
    shared.tools,
    settings.allowIps,
    params.tools == null ? 'tools' : 'call_params.tools',
  );
  const tools = storedTools(shared.tools, settings.urlSigningKey);
  const calls = request.call_data.map((row) => {
    const number = E164.safeParse(row.phone_number);
    const call: CallDispatchInput = {
      phone_number: number.success ? number.data : row.phone_number.trim(),
      task,
      voice: params.voice_id === undefined ? (saved.voice ?? null) : String(params.voice_id),
      first_sentence: saved.first_sentence ?? null,
      wait_for_greeting: params.wait_for_greeting ?? saved.wait_for_greeting ?? false,
      max_duration: params.max_duration ?? saved.max_duration ?? 30,
      record: saved.record ?? false,
      end_of_turn: saved.end_of_turn ?? null,
      webhook: saved.webhook ?? null,
      metadata: params.metadata ?? saved.metadata ?? null,
      summary_prompt: params.summary_prompt ?? saved.summary_prompt ?? null,
      analysis_schema: params.analysis_schema ?? saved.analysis_schema ?? null,
      analysis_prompt: params.analysis_prompt ?? saved.analysis_prompt ?? null,
      request_data: row,
      language: params.language ?? saved.language ?? null,
      from: saved.from ?? null,
      // A batch call outside calling hours always waits for them, at its own dial.
      defer_to_calling_hours: true,
      retry: params.retry ?? saved.retry ?? null,
      ...shared,
    };
    return newCallValues(
      deps.provider,
      {
        orgId: input.orgId,
        request: call,
        requestData: row,
        batchId,
        apiOrigin: input.origin,
        keyId: input.key?.keyId ?? null,
        // Nothing is reserved while queued: each call reserves its longest cost against the
        // key's cap when the lifecycle dials it (reserve-batch-call.ts), trued up at its end.
        keyReservedMicros: capped ? 0 : null,
        agent,
        startTime,
        tools,
        errorMessage: number.success
          ? undefined
          : `phone_number: ${number.error.issues[0]?.message ?? 'is not a valid phone number'}`,
      },
      now,
    );
  });

  await deps.db.transaction(async (tx) => {
    // A key whose month already reached its cap queues nothing (402 KEY_SPEND_CAP_REACHED).
    if (capped) await reserveKeySpend(tx, input.key!, 0, now);
    await tx.insert(schema.batches).values({
      id: batchId,
      orgId: input.orgId,
      campaignId: request.campaign_id ?? null,
      label: request.label,
      basePrompt: task,
      endpointCode: deps.provider.kind,
      callParams: withoutToolHeaders(params),
      createdAt: now,
    });
    await insertBatchCalls(tx, calls);
  });
  return { status: 'success', batch_id: batchId };
}
