// Inputs and outputs of the tool server's tools: the REST shapes, plus what an agent must add.
import {
  BatchAnalysis,
  BatchCallParams,
  BatchCreateRequest,
  BatchCreateResponse,
  BatchResponse,
  callLengthBuckets,
} from './batches';
import {
  CallDetail,
  CallDispatchRequest,
  CallDispatchResponse,
  CallListQuery,
  CallListResponse,
} from './calls';
import { AudioSpec, ShareRequest } from './speech';
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

const callId = z.uuid().describe('The call_id that create_call or list_calls returned.');
const confirm = z
  .literal(true)
  .describe('Must be true: confirms the caller (or its user) wants this charged action.');
const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII, no spaces')
  .optional()
  .describe(
    'Any unique string per intended action (e.g. a UUID). Retrying with the same key never acts twice: the first result is returned.',
  );
const replayed = z
  .boolean()
  .describe('True when an earlier call with the same idempotency_key already did this.');

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
    .describe('How long to wait for the call to end, 1–55 s (default 25; clients give up at 60).'),
});

/**
 * A call record by reference: get_call's output schema lists its fields once, instead of every
 * tool that returns calls repeating 3 KB of schema (issue 21: the size of tools/list).
 */
const callLike = (description: string) =>
  z.looseObject({ call_id: z.uuid() }).describe(description);

/** get_call's answer: the REST record, less c_id (the same value as call_id, kept for REST). */
export const GetCallOutput = CallDetail.omit({ c_id: true, transcripts: true }).extend({
  transcripts: CallDetail.shape.transcripts,
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
const callLengths = BatchAnalysis.shape.call_lengths;

/** get_batch's answer; the parts an agent rarely reads are described rather than spelled out. */
export const GetBatchOutput = BatchResponse.extend({
  batch_params: z
    .looseObject({ id: z.uuid(), created_at: z.iso.datetime() })
    .describe(
      "id (the batch_id), created_at, and create_batch's base_prompt, label, campaign_id and call_params as sent.",
    ),
  analysis: BatchAnalysis.extend({
    call_lengths: callLengths.extend({
      summary: z
        .record(z.string(), count)
        .describe(
          `Seconds (${callLengthBuckets.join(', ')}; lower bound included) → count of calls.`,
        ),
    }),
  })
    .optional()
    .describe(BatchResponse.shape.analysis.description ?? ''),
  call_data: z
    .array(
      callLike(
        'A call of the batch as get_call returns it (request_data is its row); include_transcripts=false leaves out transcripts and concatenated_transcript.',
      ),
    )
    .optional()
    .describe('Every call of the batch, oldest first; omitted when include_calls=false.'),
});

export const GetBatchInput = z.object({
  batch_id: z.uuid().describe('The batch_id that create_batch returned.'),
  include_calls: z.boolean().default(true).describe('Include each call (call_data).'),
  include_transcripts: z
    .boolean()
    .default(true)
    .describe("When calls are included, false omits each call's transcripts."),
  include_analysis: z.boolean().default(true).describe('False omits the analysis.'),
});

export const ListVoicesInput = z.object({
  include_engine: z
    .boolean()
    .default(false)
    .describe('Also list the raw engine voices (over a hundred languages).'),
});

export const ListVoicesOutput = VoiceListResponse.extend({
  voices: z
    .array(
      VoiceObject.extend({
        clone: z
          .looseObject({})
          .optional()
          .describe(
            'Present on your own clones only: their engine voice, settings, measurements and review.',
          ),
      }),
    )
    .describe(VoiceListResponse.shape.voices.description ?? ''),
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

// end_of_turn stays a REST setting: the tool list has a size budget (bench:tools), and an agent
// placing a call has the server's default window.
export const CreateCallInput = CallDispatchRequest.omit({ end_of_turn: true }).extend({
  voice: CallDispatchRequest.shape.voice.describe(
    'A voice id from list_voices (e.g. "ava", "en-gb" or your live clone); default en-us. An unknown id fails with VOICE_NOT_FOUND, a draft clone with VOICE_NOT_LIVE.',
  ),
  confirm,
  idempotency_key: idempotencyKey,
});
export const CreateCallOutput = CallDispatchResponse.extend({ replayed });

// Said once, in create_call: the same arguments of create_batch point there.
const asInCreateCall = 'As in create_call.';
const batchCallParams = BatchCallParams.extend({
  voice_id: BatchCallParams.shape.voice_id.describe('A voice id from list_voices.'),
  language: BatchCallParams.shape.language.describe(asInCreateCall),
  max_duration: BatchCallParams.shape.max_duration.describe(asInCreateCall),
  wait_for_greeting: BatchCallParams.shape.wait_for_greeting.describe(asInCreateCall),
}).describe('Settings shared by every call of the batch.');
export const CreateBatchInput = BatchCreateRequest.extend({
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
  audio: AudioSpec.optional(),
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
