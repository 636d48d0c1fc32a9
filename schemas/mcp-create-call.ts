// create_call and stop_call: POST /v1/calls as a tool, less what an agent placing a call rarely
// needs (those fields stay REST and saved-agent settings: the size of tools/list).
import { CallDispatchRequest, CallDispatchResponse, CompactRetryPolicy } from './calls';
import { AnalysisSchema } from './call-analysis';
import { callId, confirm, idempotencyKey, replayed } from './mcp-arguments';
import { z } from './zod';

/**
 * Voicemail and speech control beyond voicemail_message, the call's own tools, its prompts and
 * transfer lists: REST (and saved-agent) settings, for create_call and create_batch alike.
 */
export const restOnlyCallFields = {
  answered_by_enabled: true,
  voicemail_action: true,
  pronunciation_guide: true,
  keywords: true,
  block_interruptions: true,
  interruption_threshold: true,
  temperature: true,
  tools: true,
  summary_prompt: true,
  analysis_prompt: true,
  transfer_list: true,
  transfer_mode: true,
} as const;

// end_of_turn stays a REST setting: an agent placing a call has the server's default window.
export const CreateCallInput = CallDispatchRequest.omit({
  end_of_turn: true,
  persona_id: true,
  ...restOnlyCallFields,
}).extend({
  // .nullish(), not REST's union: the MCP SDK words a union's refusal as "Invalid input", and an
  // agent needs the keyword it got wrong (tools/list has no document to keep nullable).
  analysis_schema: AnalysisSchema.nullish().describe(
    'JSON Schema object of ≤ 50 fields to extract: string, number, integer, boolean (enum), arrays of those.',
  ),
  metadata: CallDispatchRequest.shape.metadata.describe('Any object ≤ 16 KB.'),
  // Detection comes with it here (withVoicemailDetection): one argument instead of REST's two.
  voicemail_message: CallDispatchRequest.shape.voicemail_message.describe(
    'Said after a voicemail’s beep (`{{name}}` filled); turns on voicemail detection.',
  ),
  transfer_phone_number: CallDispatchRequest.shape.transfer_phone_number.describe(
    'E.164 the agent may hand the callee to if they ask for a person.',
  ),
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
    'Minutes, default 30; cut to what the wallet can hold.',
  ),
  wait_for_greeting: CallDispatchRequest.shape.wait_for_greeting.describe(
    'True: the agent waits for the callee to speak first.',
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

export const StopCallInput = z.object({ call_id: callId });
