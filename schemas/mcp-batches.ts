// create_batch and get_batch: POST /v1/batches and GET /v1/batches/{id} as tools.
import {
  BatchCallParams,
  BatchCreateRequest,
  BatchCreateResponse,
  BatchResponse,
  callLengthBuckets,
  MAX_BATCH_ROWS,
} from './batches';
import { asInCreateCall, callLike, confirm, idempotencyKey, replayed } from './mcp-arguments';
import { restOnlyCallFields } from './mcp-create-call';
import { z } from './zod';

const count = z.int().min(0);

/** get_batch's answer; the parts an agent rarely reads are described rather than spelled out. */
export const GetBatchOutput = BatchResponse.extend({
  batch_params: z
    .looseObject({ id: z.uuid(), created_at: z.iso.datetime() })
    .describe(
      "id (the batch_id), created_at, and create_batch's base_prompt, label, campaign_id and call_params as sent.",
    ),
  analysis: z
    .looseObject({ total_calls: count, completed_calls: count, in_progress_calls: count })
    .optional()
    .describe(
      'Omitted when include_analysis=false. Also queue_statuses (status → count), call_lengths ' +
        `(seconds: average, average_nonzero, all in call_ids order, summary: bucket ${callLengthBuckets[0]}… → count), ` +
        'call_ids (oldest first), error_messages ({call_id, error_message}), endpoints (host → count).',
    ),
  call_data: z
    .array(
      callLike(
        'As get_call returns it (request_data is its row); include_transcripts=false drops transcripts and concatenated_transcript.',
      ),
    )
    .optional()
    .describe('Every call of the batch, oldest first; omitted when include_calls=false.'),
});

export const GetBatchInput = z.object({
  batch_id: z.uuid().describe('The batch_id that create_batch returned.'),
  include_calls: z.boolean().default(true),
  include_transcripts: z.boolean().default(true),
  include_analysis: z.boolean().default(true),
});

// Results after the call (issue 33), voicemail, transfers and retries reach batches through REST
// only, as agent_id does: create_call carries the few an agent asks for; create_batch stays as it
// was (the size of tools/list).
const batchCallParams = BatchCallParams.omit({
  ...restOnlyCallFields,
  // Accepted and echoed back by REST, doing nothing: not worth an agent's reading.
  reduce_latency: true,
  voicemail_message: true,
  transfer_phone_number: true,
  analysis_schema: true,
  metadata: true,
  retry: true,
  start_time: true,
})
  .extend({
    voice_id: BatchCallParams.shape.voice_id.describe('A voice id from list_voices.'),
    language: BatchCallParams.shape.language.describe(asInCreateCall),
    max_duration: BatchCallParams.shape.max_duration.describe(asInCreateCall),
    wait_for_greeting: BatchCallParams.shape.wait_for_greeting.describe(asInCreateCall),
  })
  .describe('Settings shared by every call of the batch.');
// Saved agents reach the tool server through create_call only (the size of tools/list).
export const CreateBatchInput = BatchCreateRequest.omit({
  agent_id: true,
  persona_id: true,
}).extend({
  base_prompt: BatchCreateRequest.shape.base_prompt
    .unwrap()
    .describe('The task of every call; `{{name}}` placeholders are filled from each row.'),
  call_data: BatchCreateRequest.shape.call_data.describe(
    `1–${MAX_BATCH_ROWS} rows, ≤ 1 MB in all.`,
  ),
  call_params: batchCallParams.nullish(),
  confirm: confirm.describe(asInCreateCall),
  idempotency_key: idempotencyKey.describe(asInCreateCall),
});
export const CreateBatchOutput = BatchCreateResponse.extend({
  batch_id: BatchCreateResponse.shape.batch_id.describe('For get_batch and list_calls.'),
  replayed: replayed.describe(asInCreateCall),
});
