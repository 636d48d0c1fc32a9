import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  BatchCreateRequest,
  BatchCreateResponse,
  BatchQuery,
  BatchResponse,
  MAX_BATCH_ROWS,
} from '../../batches';
import { ApiErrorEnvelope } from '../../error';
import { z } from '../../zod';
import { authErrors, idempotencyKeyHeader } from './voice-common';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const unauthenticated = json(
  ApiErrorEnvelope,
  'UNAUTHENTICATED: missing, invalid or revoked API key (x-api-key alone is not accepted).',
);
const serverErrors = {
  500: json(ApiErrorEnvelope, 'INTERNAL_ERROR: nothing internal is shown; quote X-Request-Id.'),
  503: authErrors[503],
};

export function registerBatchPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/v1/batches',
    operationId: 'createBatch',
    summary: 'Queue a batch of calls',
    description:
      'Every row of `call_data` becomes one call with the task `base_prompt`, its `{{name}}` ' +
      'placeholders filled from the row (placeholders without a value stay as written), and the ' +
      'row as the call’s `request_data`. A row whose `phone_number` is not a valid E.164 number ' +
      'becomes a call with queue_status `call_error` and an `error_message`; the rest of the batch ' +
      `is placed. Up to ${MAX_BATCH_ROWS} rows; the batch and all its calls are stored together or ` +
      'not at all. Calls are dialed under the organization’s concurrent-call cap (default 10), ' +
      'oldest first, and charged like single calls. Sandbox test numbers work as for POST /v1/calls. ' +
      'Optional `Idempotency-Key` header (per organization): a retry returns the first batch with ' +
      '`Idempotent-Replayed: true` and queues nothing; the same key with another body is 409 ' +
      '`IDEMPOTENCY_KEY_REUSED` (checked for 24 hours; after that a retry still returns the first batch).',
    request: {
      headers: z.object({
        'Idempotency-Key': idempotencyKeyHeader,
      }),
      body: { required: true, content: { 'application/json': { schema: BatchCreateRequest } } },
    },
    responses: {
      200: {
        ...json(BatchCreateResponse, 'The batch is stored and its calls are queued.'),
        headers: z.object({
          'Idempotent-Replayed': z
            .literal('true')
            .optional()
            .describe('Present when this answer replays an earlier request with the same key.'),
        }),
      },
      409: json(
        ApiErrorEnvelope,
        'IDEMPOTENCY_KEY_REUSED: the key was used with another body; IDEMPOTENCY_KEY_IN_USE: its first request is still running.',
      ),
      400: json(
        ApiErrorEnvelope,
        'INVALID_BODY naming the field in `error.field` (e.g. `call_data` with more than ' +
          `${MAX_BATCH_ROWS} rows, \`call_data.3.phone_number\` not a string, \`base_prompt\` ` +
          'missing without agent_id, `persona_id` naming another agent than `agent_id`).',
      ),
      404: json(
        ApiErrorEnvelope,
        'AGENT_NOT_FOUND: `agent_id` (or `persona_id`) names no agent of this organization (deleted ones included); nothing was queued.',
      ),
      401: unauthenticated,
      402: json(
        ApiErrorEnvelope,
        'INSUFFICIENT_BALANCE: the wallet is at or below zero. WALLET_IN_DEBT: a refund or dispute left a debt. KEY_SPEND_CAP_REACHED: this API key’s spend this calendar month (UTC) has reached its monthly cap.',
      ),
      413: json(ApiErrorEnvelope, 'PAYLOAD_TOO_LARGE: the body is over 1 MB.'),
      ...serverErrors,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/batch',
    operationId: 'getBatch',
    summary: 'A batch: its parameters, analysis and calls',
    description:
      'No version prefix. `analysis` is computed by the database on each request. ' +
      '`include_analysis=false` omits `analysis` whether or not calls are included; ' +
      '`include_calls=false` omits `call_data`; `include_transcripts=false` omits each call’s ' +
      'transcripts (it has no effect without calls). Another organization’s batch answers 404.',
    request: { query: BatchQuery },
    responses: {
      200: json(BatchResponse, 'The batch.'),
      400: json(
        ApiErrorEnvelope,
        'INVALID_QUERY naming the parameter: batch_id missing, or an include flag that is not ' +
          'true, false, 1 or 0.',
      ),
      401: unauthenticated,
      404: json(ApiErrorEnvelope, 'NOT_FOUND: no batch of this organization has this id.'),
      ...serverErrors,
    },
  });
}
