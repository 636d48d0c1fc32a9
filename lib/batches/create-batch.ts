import { randomUUID } from 'node:crypto';
import { BatchCreateRequest } from '@/schemas/batches';
import type { CallDispatchInput } from '@/schemas/calls';
import { E164 } from '@/schemas/phone';
import { schema } from '../db';
import { newCallValues } from '../calls/create-call-row';
import type { CallDeps } from '../calls/types';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/parse-body';
import { getOrgOrThrow } from '../orgs/get-org';
import { insertBatchCalls } from './insert-batch-calls';

export interface CreateBatchResponse {
  status: 'success';
  batch_id: string;
}

/**
 * POST /v1/batches. Every row becomes a call of the batch, queued for the scheduler like a
 * single call; a row whose number is not valid becomes a call_error call instead of failing the
 * batch. The batch and all its calls are written in one transaction: all or nothing.
 */
export async function createBatch(
  deps: Pick<CallDeps, 'db' | 'provider' | 'clock'>,
  input: { orgId: string; body: unknown; origin: string },
): Promise<CreateBatchResponse> {
  const request = parseBody(BatchCreateRequest, input.body);
  const org = await getOrgOrThrow(deps.db, input.orgId);
  if (org.balanceMicros <= 0) throw new ApiError('INSUFFICIENT_BALANCE');

  const now = new Date(deps.clock.now());
  const batchId = randomUUID();
  const params = request.call_params ?? {};
  const calls = request.call_data.map((row) => {
    const number = E164.safeParse(row.phone_number);
    const call: CallDispatchInput = {
      phone_number: number.success ? number.data : row.phone_number.trim(),
      task: request.base_prompt,
      voice: params.voice_id === undefined ? null : String(params.voice_id),
      first_sentence: null,
      wait_for_greeting: params.wait_for_greeting ?? false,
      max_duration: params.max_duration ?? 30,
      record: false,
      webhook: null,
      metadata: null,
      request_data: row,
      language: params.language ?? null,
      from: null,
    };
    return newCallValues(
      deps.provider,
      {
        orgId: input.orgId,
        request: call,
        requestData: row,
        batchId,
        apiOrigin: input.origin,
        errorMessage: number.success
          ? undefined
          : `phone_number: ${number.error.issues[0]?.message ?? 'is not a valid phone number'}`,
      },
      now,
    );
  });

  await deps.db.transaction(async (tx) => {
    await tx.insert(schema.batches).values({
      id: batchId,
      orgId: input.orgId,
      campaignId: request.campaign_id ?? null,
      label: request.label,
      basePrompt: request.base_prompt,
      endpointCode: deps.provider.kind,
      callParams: params,
      createdAt: now,
    });
    await insertBatchCalls(tx, calls);
  });
  return { status: 'success', batch_id: batchId };
}
