// Saved agents (issue 34): a name and the settings of a call, reused by calls, batches and the tool
// server. The settings are the call request's own fields (schemas/calls.ts), less the per-call ones.
import { AgentId, CallDispatchRequest, EndOfTurn, RetryPolicy } from './calls';
import { HIDDEN_HEADER_VALUE } from './call-tools';
import { PronunciationEntry } from './call-speech';
import { voicemailActions } from './call-voicemail';
import { transferModes } from './call-transfer';
import { STORABLE, storable, storableDeep } from './text';
import { z } from './zod';

const call = CallDispatchRequest.shape;

/**
 * The call request's fields an agent saves: every one but the per-call phone_number,
 * request_data and start_time.
 */
export const agentSettingKeys = [
  'task',
  'voice',
  'first_sentence',
  'wait_for_greeting',
  'max_duration',
  'record',
  'end_of_turn',
  'webhook',
  'metadata',
  'language',
  'from',
  'defer_to_calling_hours',
  'summary_prompt',
  'analysis_schema',
  'analysis_prompt',
  'retry',
  'answered_by_enabled',
  'voicemail_message',
  'voicemail_action',
  'pronunciation_guide',
  'keywords',
  'block_interruptions',
  'interruption_threshold',
  'temperature',
  'tools',
  'transfer_phone_number',
  'transfer_list',
  'transfer_mode',
] as const;
export type AgentSettingKey = (typeof agentSettingKeys)[number];

/** The call request's fields that stay per call: never part of an agent. */
type PerCallKey = 'phone_number' | 'request_data' | 'start_time' | 'agent_id' | 'persona_id';
/**
 * A field added to POST /v1/calls and neither listed above nor per call fails the build here, so
 * whether agents save it is decided where its shape is (a field may need storing otherwise, as
 * tools' secret headers do). The console form's table (components/console/agent-fields.ts) is
 * keyed by agentSettingKeys in turn, so a saved field cannot be left out of the form either.
 */
type UnsortedCallField = Exclude<
  keyof typeof CallDispatchRequest.shape,
  AgentSettingKey | PerCallKey
>;
export const everyCallFieldSorted: [UnsortedCallField] extends [never] ? true : UnsortedCallField =
  true;

const name = z
  .string()
  .trim()
  .min(1)
  .regex(/\S/)
  .max(100)
  .refine(storable, STORABLE)
  .describe('A name for people, 1–100 characters.');

const task = call.task
  .unwrap()
  .describe('Plain-language instructions; `{{name}}` is filled from each call’s request_data.');

/** The settings as a request sends them (the call request's schemas, one source of shapes). */
const settingFields = {
  task,
  voice: call.voice.describe(
    'Voice persona: an id from GET /v1/voices. Checked when a call uses the agent (404 ' +
      'VOICE_NOT_FOUND, 409 VOICE_NOT_LIVE then), since a clone can change after saving. Default en-us.',
  ),
  first_sentence: call.first_sentence,
  wait_for_greeting: call.wait_for_greeting,
  max_duration: call.max_duration,
  record: call.record,
  end_of_turn: call.end_of_turn,
  webhook: call.webhook,
  metadata: call.metadata,
  language: call.language,
  from: call.from,
  // The call's own field defaults to false and refuses null; an agent takes null as "not set",
  // as it does for every other setting.
  defer_to_calling_hours: call.defer_to_calling_hours
    .unwrap()
    .nullish()
    .describe(call.defer_to_calling_hours.description ?? ''),
  summary_prompt: call.summary_prompt,
  analysis_schema: call.analysis_schema,
  analysis_prompt: call.analysis_prompt,
  retry: call.retry,
  answered_by_enabled: call.answered_by_enabled,
  voicemail_message: call.voicemail_message,
  voicemail_action: call.voicemail_action,
  pronunciation_guide: call.pronunciation_guide,
  keywords: call.keywords,
  block_interruptions: call.block_interruptions,
  interruption_threshold: call.interruption_threshold,
  temperature: call.temperature,
  tools: call.tools.describe(
    `${call.tools.description ?? ''} Header values are secrets: the agent keeps them sealed ` +
      `(AES-256-GCM) in its versions, every read shows each as \`${HIDDEN_HEADER_VALUE}\`, and a ` +
      'call from the agent sends the real values. On PATCH a tool sent without `headers` keeps ' +
      'the headers saved in the agent’s tool of the same name, and a header sent as ' +
      `\`${HIDDEN_HEADER_VALUE}\` keeps the value saved under its name (so a read agent's tools ` +
      'can be sent back as they are); new values replace old ones, and `headers: null` or `{}` ' +
      'sends none. On create there is nothing saved to keep: a hidden value is a 400. `tools` is ' +
      'replaced whole: a tool left out (or renamed) is gone with its headers.',
  ),
  transfer_phone_number: call.transfer_phone_number,
  transfer_list: call.transfer_list,
  transfer_mode: call.transfer_mode,
} satisfies Record<AgentSettingKey, z.ZodType>;

export const AgentCreateRequest = z
  .object({ name, ...settingFields })
  .describe(
    'A name and the settings of POST /v1/calls (phone_number, request_data and start_time stay per call). ' +
      'A field left out or null is not part of the agent: a call then uses its own value or the default. ' +
      'Unknown fields are ignored.',
  )
  .meta({ id: 'AgentCreateRequest' });

export const AgentUpdateRequest = AgentCreateRequest.partial()
  .describe(
    'The fields to change (each change makes a new version); null takes a field out of the agent. ' +
      'Unknown fields are ignored.',
  )
  .meta({ id: 'AgentUpdateRequest' });

const json = z.record(z.string(), z.unknown()).refine(storableDeep, STORABLE);
const unset = 'Null: not set by the agent (the call’s own value or the default applies).';

/** One of an agent's tools as every read shows it: header names, never their values. */
export const AgentToolObject = z
  .object({
    name: z.string(),
    description: z.string(),
    input_schema: json,
    url: z.string(),
    method: z.enum(['POST', 'GET']),
    headers: z
      .record(z.string(), z.literal(HIDDEN_HEADER_VALUE))
      .nullable()
      .describe(
        `The names of the headers sent, each value shown as \`${HIDDEN_HEADER_VALUE}\` (sealed, ` +
          'never returned); null without headers. Sent back as they are, they keep the saved values.',
      ),
    timeout_ms: z.int(),
    speech: z.string().nullable(),
  })
  .meta({ id: 'AgentTool' });
export type AgentToolBody = z.infer<typeof AgentToolObject>;

/** One version of an agent as the API shows it: every setting, null where the agent sets none. */
const versionFields = {
  name: z.string(),
  version: z.int().min(1).describe('1 at creation, one more at each change.'),
  task: z.string(),
  voice: z.string().nullable().describe(unset),
  first_sentence: z.string().nullable().describe(unset),
  wait_for_greeting: z.boolean().nullable().describe(unset),
  max_duration: z.number().nullable().describe(unset),
  record: z.boolean().nullable().describe(unset),
  end_of_turn: EndOfTurn.nullable().describe(unset),
  webhook: z.string().nullable().describe(unset),
  metadata: json.nullable().describe(unset),
  language: z.string().nullable().describe(unset),
  from: z.string().nullable().describe(unset),
  defer_to_calling_hours: z.boolean().nullable().describe(unset),
  summary_prompt: z.string().nullable().describe(unset),
  analysis_schema: json.nullable().describe(unset),
  analysis_prompt: z.string().nullable().describe(unset),
  retry: RetryPolicy.nullable().describe(unset),
  answered_by_enabled: z.boolean().nullable().describe(unset),
  voicemail_message: z.string().nullable().describe(unset),
  voicemail_action: z.enum(voicemailActions).nullable().describe(unset),
  pronunciation_guide: z.array(PronunciationEntry).nullable().describe(unset),
  keywords: z.array(z.string()).nullable().describe(unset),
  block_interruptions: z.boolean().nullable().describe(unset),
  interruption_threshold: z.int().nullable().describe(unset),
  temperature: z.number().nullable().describe(unset),
  tools: z
    .array(AgentToolObject)
    .nullable()
    .describe(`${unset} Header values are never shown: each is \`${HIDDEN_HEADER_VALUE}\`.`),
  transfer_phone_number: z.string().nullable().describe(unset),
  transfer_list: z.record(z.string(), z.string()).nullable().describe(unset),
  transfer_mode: z.enum(transferModes).nullable().describe(unset),
} satisfies Record<'name' | 'version' | AgentSettingKey, z.ZodType>;

export const AgentObject = z
  .object({
    agent_id: z.uuid().describe('Pass as agent_id (or persona_id) to POST /v1/calls and batches.'),
    ...versionFields,
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime().describe('When the current version was made.'),
  })
  .describe('A saved agent at its current version.')
  .meta({ id: 'Agent' });
export type AgentBody = z.infer<typeof AgentObject>;

export const AgentVersionObject = z
  .object({
    ...versionFields,
    created_at: z.iso.datetime().describe('When this version was made.'),
  })
  .meta({ id: 'AgentVersion' });
export type AgentVersionBody = z.infer<typeof AgentVersionObject>;

const limit = z.coerce.number().int().min(1).max(100).default(20).describe('1–100, default 20.');

export const AgentListQuery = z.object({
  limit,
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,200}$/, 'not a cursor we gave')
    .optional()
    .describe('next_cursor from the previous page (opaque).'),
});

export const AgentListResponse = z
  .object({
    agents: z.array(AgentObject).describe('Newest first; deleted agents are not listed.'),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor for the next page; null at the end.'),
  })
  .meta({ id: 'AgentListResponse' });

export const AgentVersionsQuery = z.object({
  limit,
  cursor: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a next_cursor value')
    .optional()
    .describe('next_cursor from the previous page.'),
});

export const AgentVersionsResponse = z
  .object({
    agent_id: z.uuid(),
    versions: z.array(AgentVersionObject).describe('Newest first, the current version included.'),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor for the next page; null at the end.'),
  })
  .meta({ id: 'AgentVersionsResponse' });

export const AgentDeleteResponse = z
  .object({ status: z.literal('success'), agent_id: z.uuid() })
  .meta({ id: 'AgentDeleteResponse' });

export const AgentIdParam = z.object({ agent_id: AgentId });
