// What the API answers about calls: a call's detail, the list and its query, the transcript, a stop.
import { z } from './zod';
import { storableJson } from './text';
import { callResultDetailFields } from './call-analysis';
import { callDirections } from './stored-values';
import { answeredByValues } from './call-voicemail';
import { callToolDetailFields } from './call-tools';
import { callTransferDetailFields } from './call-transfer';

export const TranscriptEntry = z
  .object({
    id: z.int(),
    created_at: z.iso.datetime(),
    text: z.string(),
    user: z.enum(['assistant', 'user', 'agent-action']),
    c_id: z.string().describe('Call identifier.'),
  })
  .meta({ id: 'TranscriptEntry' });

export const callEndedByValues = [
  'ASSISTANT',
  'USER',
  'API',
  'MAX_DURATION',
  'SYSTEM',
  'TRANSFER',
] as const;

export const queueStatusValues = ['queued', 'started', 'complete', 'call_error'] as const;

export const CallDetail = z
  .object({
    call_id: z.uuid(),
    c_id: z.uuid().describe('Same as call_id.'),
    status: z
      .enum(['queued', 'started', 'completed', 'error'])
      .describe('queued, started, completed, or error (queue_status call_error).'),
    queue_status: z.enum(queueStatusValues),
    completed: z.boolean().describe('True once the call has ended (complete or call_error).'),
    created_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable(),
    end_at: z.iso.datetime().nullable(),
    direction: z
      .enum(callDirections)
      .describe(
        'outbound: placed to `to`; inbound: `from` rang `to`, one of the organization’s numbers.',
      ),
    to: z.string(),
    from: z.string(),
    call_length: z.number().nullable().describe('Minutes of real audio; null until the call ends.'),
    corrected_duration: z
      .string()
      .nullable()
      .describe('Seconds of real audio, as a string; null until the call ends.'),
    max_duration: z.number().describe('Minutes, or fewer if the wallet held less.'),
    request_data: storableJson
      .nullable()
      .describe(
        'The original request parameters: the call request as sent (known fields only), or ' +
          "a batch call's row. Null only on calls placed before this was recorded.",
      ),
    metadata: storableJson.nullable(),
    answered_by: z.enum(answeredByValues).nullable(),
    call_ended_by: z
      .enum(callEndedByValues)
      .nullable()
      .describe('Who ended the call (TRANSFER: the agent handed the caller to a person).'),
    error_message: z
      .string()
      .nullable()
      .describe(
        'Why a call_error call ended; one never dialled (free) starts with its code, e.g. ' +
          '`INSUFFICIENT_BALANCE:`.',
      ),
    batch_id: z.uuid().nullable(),
    record: z.boolean(),
    recording_url: z
      .url()
      .nullable()
      .describe('Signed link to the WAV recording, valid 24 hours; null unless record and ended.'),
    transcripts: z.array(TranscriptEntry),
    concatenated_transcript: z.string().describe('`user: text` lines joined with newlines.'),
    summary: z.string().nullable(),
    ...callResultDetailFields,
    ...callToolDetailFields,
    ...callTransferDetailFields,
    price: z.number().nullable().describe('US dollars charged; null until the call ends.'),
    endpoint_url: z.string().describe('The line that placed the call.'),
    sandbox: z.boolean().describe('True: played out on the simulated sandbox line.'),
    scheduled_for: z.iso
      .datetime()
      .nullable()
      .describe(
        'While queued for a later moment (start_time, a retry’s wait, or the callee’s calling hours: defer_to_calling_hours, or a batch call): when it will be dialled; null otherwise.',
      ),
    retry_of: z
      .uuid()
      .nullable()
      .describe('A retry (the request’s `retry`): the first call of its series; null otherwise.'),
    attempt: z
      .int()
      .min(1)
      .describe('Which attempt of its series this call is: 1 for a first call.'),
    opted_out: z
      .boolean()
      .describe(
        'True: the callee asked not to be called again; their number is on the do-not-call list.',
      ),
    agent_id: z.uuid().nullable().describe('The saved agent the call started from, if any.'),
    agent_version: z
      .int()
      .nullable()
      .describe('Which version of that agent: the call keeps it, whatever changes later.'),
  })
  .describe('The record of one call; every field is present, null where not applicable.')
  .meta({ id: 'CallDetail' });
export type CallDetailBody = z.infer<typeof CallDetail>;

export const CallListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100).describe('1–1000, default 100.'),
  cursor: z
    .string()
    // The alphabet of the cursors we give (base64url); what one encodes is ours to check. Empty
    // is the first page, as absent is.
    .regex(/^[A-Za-z0-9_-]{0,200}$/, 'not a cursor we gave')
    .optional()
    .describe('next_cursor from the previous page (opaque).'),
  batch_id: z.uuid().optional(),
  status: z.enum(queueStatusValues).optional().describe('Filter by queue_status.'),
  direction: z.enum(callDirections).optional().describe('Filter by direction.'),
});

export const CallListItem = CallDetail.omit({
  transcripts: true,
  concatenated_transcript: true,
  tool_calls: true,
}).meta({ id: 'CallListItem' });

export const CallListResponse = z
  .object({
    calls: z.array(CallListItem).describe('Newest first.'),
    count: z.int(),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor for the next page; null at the end.'),
  })
  .meta({ id: 'CallListResponse' });

export const CallStopResponse = z
  .object({ status: z.literal('success'), message: z.string() })
  .meta({ id: 'CallStopResponse' });
