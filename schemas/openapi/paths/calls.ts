import { OutsideCallingHoursError } from '../../calling-rules';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { CallDispatchRequest, CallDispatchResponse } from '../../calls';
import { CallDetail, CallListQuery, CallListResponse, CallStopResponse } from '../../call-detail';
import {
  ANALYZE_REQUESTS_PER_MINUTE,
  CallAnalyzeRequest,
  CallAnalyzeResponse,
} from '../../call-analysis';
import { z } from '../../zod';
import { authErrors, bearer, error, json, idempotencyKeyHeader } from './voice-common';

const callIdParam = z.object({ call_id: z.uuid().describe('From the dispatch response.') });

export const SANDBOX_DESCRIPTION =
  'Calls are played on the **sandbox line**: a simulated line that reaches no phone network ' +
  '(`sandbox: true`, `endpoint_url` `sandbox://simulated-line`). The agent opens with `first_sentence` ' +
  '(or waits for the greeting), a simulated person answers, the agent pursues the task turn by turn, ' +
  'and every turn is synthesized, so `corrected_duration`, `call_length` and the recording are real ' +
  'audio lengths. Test numbers (like test cards): numbers whose last seven digits are `555-0101` ' +
  'ring out unanswered (`call_error`, `answered_by: "no-answer"`), `555-0102` are busy (`call_error`), ' +
  '`555-0103` reach voicemail (`answered_by: "voicemail"`; after its greeting the agent leaves a ' +
  'message, or with `answered_by_enabled` does what `voicemail_action` says), `555-0104` ' +
  'fail with a carrier error (`call_error` with `error_message`); every other valid number is answered ' +
  'by a person. Lifecycle: `queued` → `started` → `complete`, or `call_error` with `error_message`.';

export function registerCallPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/v1/calls',
    operationId: 'dispatchCall',
    tags: ['Calls'],
    summary: 'Place an AI phone call',
    description:
      `${SANDBOX_DESCRIPTION}\n\nA completed call is charged per started minute of audio against the ` +
      'wallet (never below zero: a charge larger than the balance takes what is left); `price` on the ' +
      'record says what was charged. Optional `Idempotency-Key` header (per organization): a replay ' +
      'returns the original response with `Idempotent-Replayed: true`; the same key with a different ' +
      'body is 409 `IDEMPOTENCY_KEY_REUSED`; concurrent twins create one call.',
    security: bearer,
    request: {
      headers: z.object({
        'Idempotency-Key': idempotencyKeyHeader,
      }),
      body: { required: true, content: { 'application/json': { schema: CallDispatchRequest } } },
    },
    responses: {
      200: {
        ...json(CallDispatchResponse, 'Queued.'),
        headers: z.object({
          'Idempotent-Replayed': z
            .literal('true')
            .optional()
            .describe('Present when this answer replays an earlier request with the same key.'),
        }),
      },
      400: error(
        'INVALID_BODY: a missing field (`task` without agent_id), a wrong type or a bad value, `persona_id` naming another agent than `agent_id`; `error.field` names it. DESTINATION_NOT_ALLOWED: a premium-rate, shared-cost, UAN/personal or +881/+882/+883 number, or one of the operator’s denied prefixes (the reason in `message`). FROM_NOT_ALLOWED: `from` is not a number the organization may present.',
      ),
      402: error(
        'INSUFFICIENT_BALANCE: the wallet is at or below zero. WALLET_IN_DEBT: a refund or dispute left a debt. KEY_SPEND_CAP_REACHED: this API key’s spend this calendar month (UTC) has reached its monthly cap (a call in progress holds its longest possible cost until it ends). DEPOSIT_REQUIRED: with a carrier, an organization with only its starting credit may call only test numbers (555-0100 to 555-0199).',
      ),
      404: error(
        'VOICE_NOT_FOUND: `voice` (sent or the agent’s) names no voice this organization can use. AGENT_NOT_FOUND: `agent_id` (or `persona_id`, named in `error.field`) names no agent of this organization (deleted ones included); nothing was created.',
      ),
      409: error(
        'IDEMPOTENCY_KEY_REUSED: the key was used with another body; IDEMPOTENCY_KEY_IN_USE: its first request is still running; VOICE_NOT_LIVE: `voice` is a draft clone; NUMBER_ON_DNC_LIST: the number is on the organization’s or the operators’ do-not-call list.',
      ),
      413: error('PAYLOAD_TOO_LARGE: the body is over 1 MB.'),
      422: json(
        OutsideCallingHoursError,
        'OUTSIDE_CALLING_HOURS: outside calling hours where the number rings (without `defer_to_calling_hours`); `next_allowed_at` says when.',
      ),
      ...authErrors,
      429: error(
        'VELOCITY_LIMIT: a new organization (first 7 days, until $50 of deposits) has placed 50 real calls in 24 hours or calls a second country; `Retry-After` says when the cap frees. Three real calls at once are not refused: more wait queued for a line.',
      ),
      403: error(
        'COUNTRY_NOT_ALLOWED: the number’s country is not enabled on the service (CALL_COUNTRIES) or for the organization (GET /v1/calling-rules). INSUFFICIENT_SCOPE: the key lacks calls:write.',
      ),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/v1/calls',
    operationId: 'listCalls',
    tags: ['Calls'],
    summary: "The organization's calls, newest first",
    security: bearer,
    request: { query: CallListQuery },
    responses: {
      200: json(CallListResponse, 'One page; follow next_cursor for the next.'),
      400: error('INVALID_QUERY: a bad limit, status, batch_id or cursor; `error.field` names it.'),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/v1/calls/{call_id}',
    operationId: 'getCall',
    tags: ['Calls'],
    summary: 'One call: status, timings, transcript, recording link, price',
    security: bearer,
    request: { params: callIdParam },
    responses: {
      200: json(CallDetail, 'The call detail.'),
      404: error(
        "NOT_FOUND: no call of this organization has this id (another organization's call included).",
      ),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/v1/calls/{call_id}/stop',
    operationId: 'stopCall',
    tags: ['Calls'],
    summary: 'End a queued or started call now',
    description:
      'The call ends as `complete` with `call_ended_by: "API"` and is charged for what was played.',
    security: bearer,
    request: { params: callIdParam },
    responses: {
      200: json(CallStopResponse, 'Ended.'),
      404: error('NOT_FOUND: no call of this organization has this id.'),
      409: error('CALL_NOT_ACTIVE: the call had already ended.'),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/v1/calls/{call_id}/analyze',
    operationId: 'analyzeCall',
    tags: ['Calls'],
    summary: 'Extract a new analysis from an ended call',
    description:
      'Reads the ended call’s transcript again with this `analysis_schema` (and `analysis_prompt`); ' +
      'the result replaces the call’s `analysis`, `analysis_error`, `analysis_by` and ' +
      '`analysis_schema` wherever the call is shown, and a call with a `webhook` gets a ' +
      '`call.analyzed` delivery of its updated record (the post-call webhook’s body and signing, a ' +
      'new `webhook-id`). An answer that ' +
      'does not validate is asked for once more, then `analysis` is null with `analysis_error`. ' +
      `At most ${ANALYZE_REQUESTS_PER_MINUTE} requests a minute per organization (429 ` +
      '`RATE_LIMITED` with Retry-After beyond).',
    security: bearer,
    request: {
      params: callIdParam,
      body: { required: true, content: { 'application/json': { schema: CallAnalyzeRequest } } },
    },
    responses: {
      200: json(CallAnalyzeResponse, 'The new analysis.'),
      400: error(
        'INVALID_BODY: analysis_schema missing or outside the subset (the message names the keyword).',
      ),
      404: error('NOT_FOUND: no call of this organization has this id.'),
      409: error('CALL_NOT_ENDED: the call is still queued or started.'),
      413: error('PAYLOAD_TOO_LARGE: the body is over 1 MB.'),
      429: error('RATE_LIMITED: more than 30 analyze requests this minute.'),
      ...authErrors,
    },
  });

  const wav = {
    description: 'The recording: WAV, mono, 16-bit PCM, 8 kHz.',
    content: { 'audio/wav': { schema: z.string().openapi({ format: 'binary' }) } },
  };
  // Audio players seek with Range; one byte range is served as 206, several as the whole file.
  const range = z.object({
    range: z.string().optional().describe('One byte range, e.g. bytes=0-1023 or bytes=-512.'),
  });
  const ranged = {
    206: {
      description: 'The requested bytes of the WAV, with Content-Range.',
      content: wav.content,
    },
    416: error(
      'RANGE_NOT_SATISFIABLE: the range starts past the end (Content-Range: bytes */size).',
    ),
  };
  registry.registerPath({
    method: 'get',
    path: '/v1/calls/{call_id}/recording',
    operationId: 'getCallRecording',
    tags: ['Calls'],
    summary: 'The recording of a recorded call, with the API key',
    security: bearer,
    request: { params: callIdParam, headers: range },
    responses: {
      200: wav,
      ...ranged,
      404: error('NOT_FOUND: no such call, or it was not recorded or has not ended.'),
      ...authErrors,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/recordings/{call_id}',
    operationId: 'getSignedRecording',
    tags: ['Calls'],
    summary: 'The recording through its signed link (recording_url)',
    description:
      'No API key: the link itself is the credential, valid 24 hours. A tampered or expired link is 404.',
    security: [],
    request: {
      params: callIdParam,
      query: z.object({ expires: z.string(), signature: z.string() }),
      headers: range,
    },
    responses: {
      200: wav,
      ...ranged,
      404: error('NOT_FOUND: the link is not valid (tampered or expired).'),
    },
  });
}
