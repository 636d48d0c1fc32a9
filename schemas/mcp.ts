// Inputs and outputs of the tool server's tools: the REST shapes, plus what an agent must add.
import {
  BatchCallParams,
  BatchCreateRequest,
  BatchCreateResponse,
  BatchResponse,
  callLengthBuckets,
} from './batches';
import {
  CallDetail,
  CallDispatchRequest,
  CompactRetryPolicy,
  CallDispatchResponse,
  CallListQuery,
  CallListResponse,
} from './calls';
import { AnalysisSchema } from './call-analysis';
import { AudioSpec, MP3_RATES, OPUS_RATES, ShareRequest } from './speech';
import { TopUpAmount, TopUpResponse } from './billing';
import { VoiceListResponse, VoiceObject } from './voices';
import { z } from './zod';

export const mcpScopes = ['mcp:read', 'mcp:write'] as const;
export type McpScope = (typeof mcpScopes)[number];
/** The scope hierarchy: each scope and the scopes it includes (write includes read). */
export const scopeImplies: Record<McpScope, McpScope[]> = {
  'mcp:read': [],
  'mcp:write': ['mcp:read'],
};

const callId = z.uuid().describe('From create_call or list_calls.');
const confirm = z.literal(true).describe('Must be true: the user wants this charged action.');
const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII, no spaces')
  .optional()
  .describe(
    'Unique per intended action (e.g. a UUID): a retry with the same key returns the first result.',
  );
const replayed = z.boolean().describe('True: an earlier use of the idempotency_key did this.');

export const GetCallInput = z.object({ call_id: callId });

export const ListCallsInput = CallListQuery.extend({
  limit: z.int().min(1).max(100).default(20).describe('1–100, default 20.'),
});

export const WaitForCallInput = z.object({
  call_id: callId,
  timeout_seconds: z
    .int()
    .min(1)
    .max(55)
    .default(25)
    .describe('Seconds, 1–55 (clients give up at 60).'),
});

/**
 * A call record by reference: get_call's output schema lists its fields once, instead of every
 * tool that returns calls repeating 3 KB of schema (issue 21: the size of tools/list).
 */
const callLike = (description: string) =>
  z.looseObject({ call_id: z.uuid() }).describe(description);

/** get_call's answer: the REST record, less c_id (the same value as call_id, kept for REST). */
export const GetCallOutput = CallDetail.omit({
  c_id: true,
  transcripts: true,
  // Present in the answer, described once in analysis's words (the size of tools/list).
  analysis_schema: true,
  analysis_error: true,
  analysis_by: true,
  // Present in the answer (the call's tool calls), undescribed: the size of tools/list.
  tool_calls: true,
  // Present in the answer, described in call_ended_by's words (the size of tools/list).
  transferred_to: true,
  transferred_at: true,
}).extend({
  call_ended_by: CallDetail.shape.call_ended_by.describe('Who ended it.'),
  analysis: CallDetail.shape.analysis.describe(
    'Fields per analysis_schema once ended; else null and analysis_error says why. analysis_by: llm or scripted.',
  ),
  status: CallDetail.shape.status.describe('error is queue_status call_error.'),
  completed: CallDetail.shape.completed.describe('True once ended.'),
  corrected_duration: CallDetail.shape.corrected_duration.describe('Seconds, as text.'),
  request_data: CallDetail.shape.request_data.describe(
    "The request as sent (known fields), or a batch call's row.",
  ),
  recording_url: CallDetail.shape.recording_url.describe('WAV, valid 24 h; null unless recorded.'),
  concatenated_transcript: CallDetail.shape.concatenated_transcript.describe('`user: text` lines.'),
  endpoint_url: CallDetail.shape.endpoint_url.describe('The line that placed it.'),
  sandbox: CallDetail.shape.sandbox.describe('True: the simulated line.'),
  scheduled_for: CallDetail.shape.scheduled_for.describe('Queued until then.'),
  opted_out: CallDetail.shape.opted_out.describe('Callee opted out.'),
  agent_id: CallDetail.shape.agent_id.describe('From create_call.'),
  agent_version: CallDetail.shape.agent_version.describe('Of that agent.'),
  retry_of: CallDetail.shape.retry_of.describe('First call of its retries.'),
  attempt: CallDetail.shape.attempt.describe('1 for a first call.'),
  transcripts: z.array(CallDetail.shape.transcripts.element.omit({ c_id: true })),
});

export const WaitForCallOutput = z.object({
  finished: z.boolean().describe('True when the call has ended (completed or error).'),
  waited_seconds: z.number(),
  call: callLike('The call as get_call returns it.'),
});

export const ListCallsOutput = CallListResponse.extend({
  calls: z
    .array(callLike('A call as get_call returns it, without transcripts.'))
    .describe('Newest first.'),
});

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

export const ListVoicesInput = z.object({
  include_engine: z
    .boolean()
    .default(false)
    .describe('Also the raw engine voices (100+ languages).'),
});

export const ListVoicesOutput = VoiceListResponse.extend({
  voices: z
    .array(
      VoiceObject.omit({ public: true }).extend({
        id: VoiceObject.shape.id.describe(
          'A persona ("ava"), engine voice ("en-gb+f3") or clone UUID.',
        ),
        description: VoiceObject.shape.description.describe('How it sounds.'),
        tags: VoiceObject.shape.tags.describe('e.g. female, british, clone.'),
        language: VoiceObject.shape.language.describe('e.g. en-US.'),
        kind: VoiceObject.shape.kind.describe('instant and professional: your clones.'),
        state: VoiceObject.shape.state.describe('draft: a clone that can only be previewed.'),
        public: VoiceObject.shape.public.describe('False for your clones.'),
        clone: z
          .looseObject({})
          .optional()
          .describe('Your clones only: engine voice, settings, measurements, review.'),
      }),
    )
    .describe('Personas, your clones (newest first), then engine voices if asked.'),
});

export const BalanceAndLimits = z.object({
  balance_usd: z.number().describe('What the wallet holds now.'),
  deposits_usd: z.number().describe('Everything ever deposited (the starting credit excluded).'),
  unlocked: z.boolean().describe('True once deposits reach unlock_deposits_usd: higher limits.'),
  unlock_deposits_usd: z.number(),
  limits: z.object({
    concurrency: z.int().describe('Speech generations in flight at once.'),
    instant_clones: z.int(),
    live_clones: z.int(),
    concurrent_calls: z.int(),
  }),
  speech_slots_in_use: z.int().describe('Speech generations in flight right now, every surface.'),
});

// Voicemail and speech control stay REST (and saved-agent) settings for now: the size of
// tools/list.
const notOnTools = {
  answered_by_enabled: true,
  voicemail_message: true,
  voicemail_action: true,
  pronunciation_guide: true,
  keywords: true,
  block_interruptions: true,
  interruption_threshold: true,
  temperature: true,
} as const;

// end_of_turn stays a REST setting: the tool list has a size budget (bench:tools), and an agent
// placing a call has the server's default window.
export const CreateCallInput = CallDispatchRequest.omit({
  end_of_turn: true,
  persona_id: true,
  ...notOnTools,
  // Prompts and the call's own tools come with saved agents (agent_id): the size of tools/list.
  tools: true,
  summary_prompt: true,
  analysis_prompt: true,
  // Transfers stay REST (and saved agents') fields until the tool server's turn of issue 33
  // weighs transfer_phone_number against the size of tools/list.
  transfer_phone_number: true,
  transfer_list: true,
  transfer_mode: true,
}).extend({
  // .nullish(), not REST's union: the MCP SDK words a union's refusal as "Invalid input", and an
  // agent needs the keyword it got wrong (tools/list has no document to keep nullable).
  analysis_schema: AnalysisSchema.nullish().describe(
    'JSON Schema object of ≤ 50 fields to extract: string, number, integer, boolean (enum), arrays of those.',
  ),
  metadata: CallDispatchRequest.shape.metadata.describe('Any object ≤ 16 KB.'),
  task: CallDispatchRequest.shape.task.describe(
    'What the agent should do; `{{name}}` from request_data. Required without agent_id.',
  ),
  agent_id: CallDispatchRequest.shape.agent_id.describe(
    "A saved agent's id: its settings, replaced by any field set here.",
  ),
  voice: CallDispatchRequest.shape.voice.describe(
    'From list_voices (e.g. "ava", "en-gb", a live clone); default en-us.',
  ),
  phone_number: CallDispatchRequest.shape.phone_number.describe(
    'E.164, e.g. +14155550123. Sandbox numbers ending 5550101 ring out, 5550102 busy, 5550103 voicemail, 5550104 fail; others answer.',
  ),
  webhook: CallDispatchRequest.shape.webhook.describe(
    'http(s) URL for the signed post-call payload (Standard Webhooks); private hosts refused.',
  ),
  request_data: CallDispatchRequest.shape.request_data.describe('Values for `{{name}}` in task.'),
  max_duration: CallDispatchRequest.shape.max_duration.describe(
    'Minutes, 1–240, default 30; cut to what the wallet can hold.',
  ),
  from: CallDispatchRequest.shape.from.describe('Caller id: the line’s own only.'),
  defer_to_calling_hours: CallDispatchRequest.shape.defer_to_calling_hours.describe(
    'true: queue until calling hours open.',
  ),
  start_time: CallDispatchRequest.shape.start_time.describe(
    'Dial then: ISO 8601 with offset, ≤ 30 days ahead.',
  ),
  retry: CompactRetryPolicy.nullish().describe(
    'Dial again after these endings (max_attempts in all).',
  ),
  confirm,
  idempotency_key: idempotencyKey,
});
export const CreateCallOutput = CallDispatchResponse.extend({ replayed });

// Said once, in create_call: the same arguments of create_batch point there.
const asInCreateCall = 'As in create_call.';
// Results after the call (issue 33) and retries reach batches through REST only, as agent_id
// does: create_call carries analysis_schema, metadata and retry; create_batch stays as it was
// (the size of tools/list). A call's own tools are too large for the list: they come with REST.
const batchCallParams = BatchCallParams.omit({
  ...notOnTools,
  tools: true,
  summary_prompt: true,
  analysis_schema: true,
  analysis_prompt: true,
  metadata: true,
  retry: true,
  start_time: true,
  transfer_phone_number: true,
  transfer_list: true,
  transfer_mode: true,
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
  call_params: batchCallParams.nullish(),
  confirm: confirm.describe(asInCreateCall),
  idempotency_key: idempotencyKey.describe(asInCreateCall),
});
export const CreateBatchOutput = BatchCreateResponse.extend({
  batch_id: BatchCreateResponse.shape.batch_id.describe('For get_batch and list_calls.'),
  replayed: replayed.describe(asInCreateCall),
});

export const StopCallInput = z.object({ call_id: callId });

export const GenerateSpeechInput = ShareRequest.extend({
  text: ShareRequest.shape.text.describe('What to say, 1–5000 characters.'),
  voice: ShareRequest.shape.voice.describe('A voice id from list_voices.'),
  audio: AudioSpec.optional().describe(
    'Default WAV, 16-bit PCM, 24 kHz. mulaw: raw or wav, sample_rate 8000 sent. mp3: ' +
      `${MP3_RATES.join(', ')} Hz; ogg_opus: ${OPUS_RATES.join(', ')} Hz.`,
  ),
});
export const GenerateSpeechOutput = z.object({
  share_id: z.string(),
  url: z.url().describe('Plays the audio; each play is generated and billed to your org.'),
  characters: z.int().describe('Characters billed per play.'),
});

export const CreateTopUpLinkInput = z.object({
  amount_usd: TopUpAmount,
  confirm: confirm.describe(asInCreateCall),
});
export const CreateTopUpLinkOutput = TopUpResponse;

/**
 * How a tool failure reads: the text of an isError result is this JSON (there is no
 * structuredContent, which SDK 1.x clients would check against the tool's output schema).
 */
export const ToolErrorText = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    hint: z.string(),
    field: z.string().optional().describe('The argument at fault, when there is one.'),
  }),
});

/** The tool server's tools: name → what it needs and what it is (documented in the OpenAPI). */
export const toolCatalogue = {
  get_call: { scope: 'mcp:read', title: 'Get a call' },
  list_calls: { scope: 'mcp:read', title: 'List calls' },
  wait_for_call: { scope: 'mcp:read', title: 'Wait for a call to end' },
  get_batch: { scope: 'mcp:read', title: 'Get a batch' },
  list_voices: { scope: 'mcp:read', title: 'List voices' },
  get_balance_and_limits: { scope: 'mcp:read', title: 'Get balance and limits' },
  create_call: { scope: 'mcp:write', title: 'Place a phone call' },
  create_batch: { scope: 'mcp:write', title: 'Place a batch of calls' },
  stop_call: { scope: 'mcp:write', title: 'Stop a call' },
  generate_speech: { scope: 'mcp:write', title: 'Generate speech' },
  create_top_up_link: { scope: 'mcp:write', title: 'Create a top-up link' },
} as const satisfies Record<string, { scope: McpScope; title: string }>;
export type ToolName = keyof typeof toolCatalogue;

export const NoInput = z.object({}).describe('No arguments.');
