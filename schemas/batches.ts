import { z } from './zod';
import { AgentId, CallDispatchRequest, RetryPolicy } from './calls';
import { CallDetail } from './call-detail';
import { STORABLE, storable, storableDeep } from './text';
import { Metadata, callResultFields } from './call-analysis';
import { answeredByValues, callVoicemailFields } from './call-voicemail';
import { callSpeechFields } from './call-speech';
import { callToolFields } from './call-tools';
import { callTransferFields } from './call-transfer';

/** The most rows one batch may hold. */
export const MAX_BATCH_ROWS = 10_000;

export const BatchCallParams = z
  .object({
    reduce_latency: z.boolean().optional().describe('Accepted and echoed back.'),
    voice_id: z
      .union([z.int(), z.string().trim().min(1).regex(/\S/).max(100).refine(storable, STORABLE)])
      .optional()
      .describe('Voice persona of every call (a voice id; integers are accepted as in the spec).'),
    language: z
      .string()
      .trim()
      .max(35)
      .refine(storable, STORABLE)
      .optional()
      .describe('Language tag, e.g. en-US.'),
    max_duration: z
      .number()
      .min(1)
      .max(240)
      .optional()
      .describe('Maximum length of each call in minutes, 1–240. Default 30.'),
    wait_for_greeting: z
      .boolean()
      .optional()
      .describe('If true, the agent waits for the recipient to speak first. Default false.'),
    ...callResultFields,
    ...callVoicemailFields,
    ...callSpeechFields,
    ...callToolFields,
    ...callTransferFields,
    metadata: Metadata.nullish().describe(
      'Any object, at most 16 KB as JSON: every call of the batch carries it.',
    ),
    retry: RetryPolicy.optional().describe(
      'Each call’s retry policy, as in POST /v1/calls: attempts stay in the batch, and its ' +
        'analysis counts them.',
    ),
    start_time: CallDispatchRequest.shape.start_time.describe(
      'When to dial the batch: ISO 8601 with an offset, from now up to 30 days ahead, as ' +
        'start_time in POST /v1/calls (else 400 naming call_params.start_time, nothing ' +
        'created). Every call stays queued until then (`scheduled_for`); a call stopped ' +
        'before then costs nothing. Each call’s calling hours apply at its own dial. ' +
        'Absent or null: dial now. A start_time inside a call_data row is not a schedule: rows hold ' +
        'placeholder values.',
    ),
  })
  .describe('Settings shared by every call of the batch; unknown keys are ignored.')
  .meta({ id: 'BatchCallParams' });

export const BatchCreateRequest = z
  .object({
    base_prompt: z
      .string()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(20_000)
      .refine(storable, STORABLE)
      .optional()
      .describe(
        'The task of every call; `{{name}}` placeholders are filled from each row. Required unless agent_id names a saved agent.',
      ),
    agent_id: AgentId.nullish().describe(
      'A saved agent: every call takes its settings (its tools with their saved headers, transfer ' +
        'and voicemail fields included); base_prompt and each call_params field set (not null) ' +
        'replace the agent’s, and transfer numbers pass the calling rules whichever set them. ' +
        'Unknown → 404 AGENT_NOT_FOUND.',
    ),
    persona_id: AgentId.nullish().describe('Same as agent_id (Bland’s name).'),
    call_data: z
      .array(
        z
          .object({
            phone_number: z
              .string()
              .max(64)
              .describe(
                'Number to call, E.164. A row whose number is not valid becomes a call_error call ' +
                  'with an error_message; the batch is still accepted.',
              ),
          })
          .catchall(z.unknown())
          .refine(storableDeep, STORABLE)
          .describe(
            'One call: its phone_number and the values of its placeholders. The whole row becomes ' +
              "the call's request_data.",
          ),
      )
      .min(1)
      .max(MAX_BATCH_ROWS)
      .describe(`One row per call, 1–${MAX_BATCH_ROWS} rows (the body may be at most 1 MB).`),
    label: z
      .string()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(200)
      .refine(storable, STORABLE)
      .describe('A name for the batch.'),
    campaign_id: z
      .string()
      .trim()
      .max(200)
      .refine(storable, STORABLE)
      .nullish()
      .describe('Any id of yours; echoed back.'),
    call_params: BatchCallParams.nullish(),
  })
  .describe('A batch of calls sharing one prompt. Unknown fields are ignored.')
  .meta({ id: 'BatchCreateRequest' });
export type BatchCreateInput = z.output<typeof BatchCreateRequest>;

export const BatchCreateResponse = z
  .object({
    status: z.literal('success'),
    batch_id: z.uuid().describe('Identifier of the batch, for GET /batch and GET /v1/calls.'),
  })
  .meta({ id: 'BatchCreateResponse' });

export const BatchParams = z
  .object({
    id: z.uuid().describe('Batch identifier; used as batch_id elsewhere.'),
    campaign_id: z.string().nullable(),
    created_at: z.iso.datetime(),
    label: z.string(),
    base_prompt: z
      .string()
      .describe('Base prompt for calls in the batch, with its `{{name}}` placeholders unfilled.'),
    endpoint_code: z
      .string()
      .describe('The kind of line that placed the calls: `sandbox` for the simulated line.'),
    call_params: BatchCallParams.describe('As sent (no defaults filled in); {} when none.'),
  })
  .meta({ id: 'BatchParams' });

export const callLengthBuckets = [
  '0-5',
  '5-10',
  '10-15',
  '15-20',
  '20-30',
  '30-45',
  '45-60',
  '60-90',
  '90-120',
  '120+',
] as const;

const count = z.int().min(0);

export const BatchAnalysis = z
  .object({
    total_calls: count.describe('Every call of the batch: completed_calls + in_progress_calls.'),
    completed_calls: count.describe('Calls that ended: queue_status complete or call_error.'),
    in_progress_calls: count.describe('Calls not ended yet: queue_status queued or started.'),
    retry_calls: count.describe(
      'Calls that are retries (attempt 2 or later, call_params.retry); total_calls counts every ' +
        'attempt, so total_calls − retry_calls is the rows dialled at least once.',
    ),
    queue_statuses: z
      .object({ complete: count, started: count, queued: count, call_error: count })
      .describe('Queue status → count; all four keys are always present.'),
    answered_by: z
      .object(Object.fromEntries(answeredByValues.map((v) => [v, count])))
      .describe('Who answered → count of calls (answered_by); every key is present.'),
    call_lengths: z
      .object({
        average: z.number().describe('Mean length of every call in seconds (0 with no calls).'),
        average_nonzero: z
          .number()
          .describe('Mean length in seconds of the calls at least one second long (0 if none).'),
        summary: z
          .object(Object.fromEntries(callLengthBuckets.map((b) => [b, count])))
          .describe(
            'Range of seconds → count of calls; every range is present. A range includes its lower ' +
              'bound and excludes its upper one (5 s counts in 5-10); 120+ is 120 s and more.',
          ),
        all: z.array(z.number()).describe('Each call length in seconds, in the order of call_ids.'),
      })
      .describe(
        "A call's length is the length of its real audio (the call detail's corrected_duration, " +
          'to the millisecond): 0 for a queued call or one that never connected, the audio so far ' +
          'for a call in progress.',
      ),
    call_ids: z.array(z.uuid()).describe('Every call id in the batch, oldest first.'),
    error_messages: z
      .array(z.object({ call_id: z.uuid(), error_message: z.string() }))
      .describe('Each call of the batch that carries an error_message.'),
    endpoints: z
      .record(z.string(), count)
      .describe(
        'Host of the line that placed the calls → call count (the sandbox line is `simulated-line`).',
      ),
  })
  .describe('Computed by the database on each request.')
  .meta({ id: 'BatchAnalysis' });
export type BatchAnalysisBody = z.infer<typeof BatchAnalysis>;

export const BatchCall = CallDetail.partial({ transcripts: true, concatenated_transcript: true })
  .describe(
    'A call of the batch, as GET /v1/calls/{call_id} shows it; request_data is the row as sent. ' +
      'transcripts and concatenated_transcript are omitted when include_transcripts=false.',
  )
  .meta({ id: 'BatchCall' });
export type BatchCallBody = z.infer<typeof BatchCall>;

export const BatchResponse = z
  .object({
    batch_params: BatchParams,
    analysis: BatchAnalysis.optional().describe(
      'Omitted when include_analysis=false (whether or not calls are included).',
    ),
    call_data: z
      .array(BatchCall)
      .optional()
      .describe('Every call of the batch, oldest first; omitted when include_calls=false.'),
  })
  .meta({ id: 'BatchResponse' });
export type BatchResponseBody = z.infer<typeof BatchResponse>;

const booleanQuery = (description: string) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === undefined || v === 'true' || v === '1')
    .describe(`true/1 or false/0; default true. ${description}`);

export const BatchQuery = z.object({
  batch_id: z
    .string()
    .max(100)
    .refine(storable, STORABLE)
    .describe('Required. The batch_id from POST /v1/batches.'),
  include_calls: booleanQuery('Include individual call data (call_data).'),
  include_transcripts: booleanQuery(
    'When calls are included, false omits each call’s transcripts and concatenated_transcript.',
  ),
  include_analysis: booleanQuery('False omits analysis (whether or not calls are included).'),
});
export type BatchQueryInput = z.output<typeof BatchQuery>;
