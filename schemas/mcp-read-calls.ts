// get_call, list_calls and wait_for_call: the REST call record, described for an agent.
import { CallDetail, CallListQuery, CallListResponse } from './call-detail';
import { callId, callLike } from './mcp-arguments';
import { z } from './zod';

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
  call_ended_by: CallDetail.shape.call_ended_by.describe(
    'Who ended it; TRANSFER: handed to transferred_to.',
  ),
  analysis: CallDetail.shape.analysis.describe(
    'Fields per analysis_schema once ended; else null and analysis_error says why. analysis_by: llm or scripted.',
  ),
  status: CallDetail.shape.status.describe('error is queue_status call_error.'),
  direction: CallDetail.shape.direction.describe('inbound: `from` rang `to`, one of yours.'),
  error_message: CallDetail.shape.error_message.describe(
    'Why it failed; never dialled (free): starts with its code.',
  ),
  call_length: CallDetail.shape.call_length.describe('Minutes of audio.'),
  price: CallDetail.shape.price.describe('US dollars charged.'),
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
