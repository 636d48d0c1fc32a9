import { z } from './zod';
import { E164 } from './phone';
import { STORABLE, storable, storableJson } from './text';
import { Metadata, callResultFields } from './call-analysis';
import { callVoicemailFields } from './call-voicemail';
import { callSpeechFields } from './call-speech';
import { callToolFields } from './call-tools';
import { callTransferFields } from './call-transfer';

const windowMs = z.int().min(100).max(5_000);

export const EndOfTurn = z
  .object({
    min_ms: windowMs.describe(
      'Silence (100–5000 ms) that ends a turn whose words read as finished: a full sentence, ' +
        'a question, a yes or no. Shorter answers sooner.',
    ),
    max_ms: windowMs.describe(
      'Silence (100–5000 ms, ≥ min_ms) that ends any turn, including one that trails off ' +
        '(“and…”, “I’d like to”, a number being read out). Longer cuts callers off less.',
    ),
  })
  .refine((w) => w.min_ms <= w.max_ms, {
    message: 'min_ms must not exceed max_ms',
    path: ['min_ms'],
  })
  .describe(
    'Adaptive end of turn: the agent answers after min_ms of silence when the caller sounds ' +
      'done, after up to max_ms when they sound mid-sentence.',
  )
  .meta({ id: 'EndOfTurn' });

/** A saved agent's id (lib/calls/agents), as calls, batches and the agents API name it. */
export const AgentId = z.uuid().describe('A saved agent’s id, from POST /v1/agents.');

/** The most days ahead a call may be scheduled (start_time). */
export const MAX_SCHEDULE_DAYS = 30;

export const retryOutcomes = ['no-answer', 'busy', 'voicemail', 'failed'] as const;

/** The retry policy's bounds, undescribed: the tool server words them in its own budget. */
const retryBounds = {
  max_attempts: z.int().min(2).max(5),
  wait_minutes: z.int().min(1).max(1_440),
  on: z.array(z.enum(retryOutcomes)).min(1).max(retryOutcomes.length),
};
export const CompactRetryPolicy = z.object(retryBounds);

export const RetryPolicy = z
  .object({
    max_attempts: retryBounds.max_attempts.describe(
      'Attempts in all, the first call included: 2–5.',
    ),
    wait_minutes: retryBounds.wait_minutes.describe(
      'Minutes between an attempt’s end and the next attempt’s dial: 1–1440.',
    ),
    on: retryBounds.on.describe(
      'Which endings are dialled again: no-answer, busy, voicemail, failed (the line could ' +
        'not be connected).',
    ),
  })
  .describe(
    'Dial again when the call ends one of these ways: each attempt is a new call (`retry_of` ' +
      'the first, `attempt` 2, 3…) in the same batch if any, checked against the calling rules ' +
      'at its own dial. A stop, an opt-out, a do-not-call listing or a conversation ends the ' +
      'series.',
  )
  .meta({ id: 'RetryPolicy' });

export const CallDispatchRequest = z
  .object({
    phone_number: E164.describe(
      'Number to call, E.164 with country code, e.g. +14155550123. Sandbox test numbers: last seven ' +
        'digits 555-0101 no answer, 555-0102 busy, 555-0103 voicemail, 555-0104 call error, ' +
        '555-0105 asks to be taken off the list, 555-0106 a keypad menu (press 1 for sales, 2 for ' +
        'support; a person after a choice), 555-0107 a person who asks for a human (transfer); any ' +
        'other valid number is answered by a person.',
    ),
    task: z
      .string()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(20_000)
      .refine(storable, STORABLE)
      .optional()
      .describe(
        'Plain-language instructions for the agent; `{{name}}` is filled from request_data. ' +
          'Required unless agent_id names a saved agent.',
      ),
    voice: z
      .string()
      .trim()
      .max(100)
      .refine(storable, STORABLE)
      .nullish()
      .describe(
        'Voice persona: an id from GET /v1/voices (e.g. "ava", "en-gb", or your live clone). Unknown → 404 VOICE_NOT_FOUND; a draft clone → 409 VOICE_NOT_LIVE. Default en-us.',
      ),
    first_sentence: z
      .string()
      .trim()
      .max(1_000)
      .refine(storable, STORABLE)
      .nullish()
      .describe('First line the agent speaks.'),
    wait_for_greeting: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false)
      .describe('If true, the agent waits for the recipient to speak first. Default false.'),
    max_duration: z
      .number()
      .min(1)
      .max(240)
      .nullish()
      .transform((v) => v ?? 30)
      .describe(
        'Maximum call length in minutes, 1–240. Default 30. The wallet holds this many minutes ' +
          'before the call is dialled; when it cannot, the call is cut to the whole minutes it ' +
          'can hold (402 INSUFFICIENT_BALANCE with less than one).',
      ),
    record: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false)
      .describe('True records the call (recording_url). Default false.'),
    end_of_turn: EndOfTurn.nullish().describe(
      'How much silence ends the callee’s turn. Default: the server’s fixed window ' +
        '(END_OF_TURN_SILENCE_MS, 500 ms) for every turn.',
    ),
    webhook: z
      .string()
      .trim()
      .max(2_048)
      .refine(storable, STORABLE)
      .nullish()
      // What check-webhook-url.ts accepts before its address checks: an absolute http(s) URL (the
      // value is trimmed first); an empty or blank string means no webhook.
      // (format and pattern apply to strings only, so null passes the first branch).
      .openapi({
        anyOf: [{ format: 'uri', pattern: '^\\s*[Hh][Tt][Tt][Pp][Ss]?://' }, { pattern: '^\\s*$' }],
      })
      .describe(
        'http(s) URL that receives the post-call payload (signed, Standard Webhooks). Loopback, ' +
          'private, link-local, multicast and metadata addresses are refused.',
      ),
    metadata: Metadata.nullish().describe(
      'Any object, at most 16 KB as JSON; stored and returned on the call, in its webhook and in ' +
        'its batch’s call_data.',
    ),
    ...callResultFields,
    ...callVoicemailFields,
    ...callSpeechFields,
    ...callToolFields,
    ...callTransferFields,
    request_data: storableJson
      .nullish()
      .describe(
        "Values for `{{name}}` placeholders in task; kept in the call's request_data with the rest.",
      ),
    language: z
      .string()
      .trim()
      .max(35)
      .refine(storable, STORABLE)
      .nullish()
      .describe('Language tag, e.g. en-US.'),
    from: E164.nullish()
      // E164's own document override names one type; null (or omitted) means the default line.
      .openapi({ type: ['string', 'null'] })
      .describe(
        'Caller id to use: one of the organization’s numbers (GET /v1/numbers) or the service’s own (else 400 FROM_NOT_ALLOWED); default the line’s number.',
      ),
    defer_to_calling_hours: z
      .boolean()
      .default(false)
      .describe(
        'Outside calling hours where the number rings: true queues the call until the window opens (`scheduled_for` in the call detail); false (default) answers 422 OUTSIDE_CALLING_HOURS with `next_allowed_at`.',
      ),
    agent_id: AgentId.nullish().describe(
      'A saved agent (POST /v1/agents): the call takes its current settings (its tools with ' +
        'their saved header values), and any field this request sets (not null) replaces the ' +
        'agent’s, whole (`tools` as one list; `answered_by_enabled: false` also drops the ' +
        'agent’s voicemail fields). The result is checked as one request: transfer numbers pass ' +
        'the calling rules and tool URLs the address checks whoever set them. Unknown → 404 ' +
        'AGENT_NOT_FOUND.',
    ),
    persona_id: AgentId.nullish().describe('Same as agent_id (Bland’s name); send one of them.'),
    start_time: z.iso
      .datetime({ offset: true })
      .nullish()
      .describe(
        'When to dial: ISO 8601 with an offset (e.g. 2026-12-01T09:30:00-05:00), from now up to ' +
          '30 days ahead (else 400 naming start_time). The call stays queued until then ' +
          '(`scheduled_for`); stopping it before then cancels it at no charge. Calling hours ' +
          'apply at the moment of dialling. Absent: dial now.',
      ),
    // A union, not .nullish(): the document keeps the null (see callResultFields).
    retry: z.union([RetryPolicy, z.null()]).optional(),
  })
  .describe('Call dispatch parameters. Unknown fields are ignored.')
  .meta({ id: 'CallDispatchRequest' });
/** A call request as dispatched: a saved agent's settings merged in, so a task is known. */
export type CallDispatchInput = Omit<
  z.output<typeof CallDispatchRequest>,
  'task' | 'agent_id' | 'persona_id'
> & { task: string };

export const CallDispatchResponse = z
  .object({
    status: z.literal('success'),
    message: z.string().describe('Call successfully queued.'),
    call_id: z.uuid().describe('Identifier of the new call.'),
    batch_id: z.uuid().nullable().describe('Always null for a single call.'),
  })
  .meta({ id: 'CallDispatchResponse' });
