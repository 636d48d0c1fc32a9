// Inputs and outputs of the tool server's tools: the REST shapes, plus what an agent must add.
import { BatchCreateRequest, BatchCreateResponse } from './batches';
import { TopUpAmount, TopUpResponse } from './billing';
import { CallDetail, CallDispatchRequest, CallDispatchResponse, CallListQuery } from './calls';
import { ShareRequest } from './speech';
import { z } from './zod';

export const mcpScopes = ['mcp:read', 'mcp:write'] as const;
export type McpScope = (typeof mcpScopes)[number];

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

export const WaitForCallOutput = z.object({
  finished: z.boolean().describe('True when the call has ended (completed or error).'),
  waited_seconds: z.number(),
  call: CallDetail,
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

export const CreateCallInput = CallDispatchRequest.extend({
  confirm,
  idempotency_key: idempotencyKey,
});
export const CreateCallOutput = CallDispatchResponse.extend({ replayed });

export const CreateBatchInput = BatchCreateRequest.extend({
  confirm,
  idempotency_key: idempotencyKey,
});
export const CreateBatchOutput = BatchCreateResponse.extend({ replayed });

export const StopCallInput = z.object({ call_id: callId });

export const GenerateSpeechInput = ShareRequest;
export const GenerateSpeechOutput = z.object({
  share_id: z.string(),
  url: z.url().describe('Plays the audio; each play is generated and billed to your org.'),
  characters: z.int().describe('Characters billed per play.'),
});

export const CreateTopUpLinkInput = z.object({ amount_usd: TopUpAmount, confirm });
export const CreateTopUpLinkOutput = TopUpResponse;

/** How a tool failure reads in structuredContent: our error code and a clean message. */
export const ToolErrorContent = z.object({
  error: z.object({ code: z.string(), message: z.string(), hint: z.string() }),
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
