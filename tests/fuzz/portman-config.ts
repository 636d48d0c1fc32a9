// Portman's configuration for one document: contract tests on every operation (status, content
// type, JSON body, schema, required headers) with real values from set-up in place of the examples
// openapi-to-postman invents, and fuzz variations (required fields dropped, numbers and lengths
// past their bounds) that must be refused with a documented 400.
import examples from './examples.json';
import type { Json } from './openapi-document';
import type { FuzzContext } from './request-cases';

interface Overwrite {
  openApiOperation: string;
  overwriteRequestSecurity?: { bearer: { token: string } };
  overwriteRequestBody?: { key: string; value: Json; overwrite: boolean }[];
  overwriteRequestPathVariables?: { key: string; value: string; overwrite: boolean }[];
  overwriteRequestQueryParams?: { key: string; value: string; overwrite: boolean }[];
  overwriteRequestHeaders?: { key: string; value: string; overwrite: boolean }[];
  overwriteRequestBaseUrl?: { value: string; overwrite: boolean };
}

const on = { enabled: true };
const contract = { contentType: on, jsonBody: on, schemaValidation: on, headersPresent: on };

/**
 * Operations whose first request cannot succeed without state a contract run does not make: the
 * response they get instead, which must then match the document.
 */
const EXPECTED: Record<string, number> = {
  'POST::/v1/calls/{call_id}/stop': 409, // the set-up call has ended: CALL_NOT_ACTIVE
  'DELETE::/v1/voices/{voice_id}': 404, // a catalogue voice is nobody's clone
  'POST::/v1/voices/{voice_id}/promote': 404,
  'POST::/v1/voices/clone': 400, // no WAV upload in a generated form
  'POST::/v1/voices/professional': 400,
  'GET::/v2/tts/ws': 426, // an HTTP request without the upgrade
  'GET::/authorization/authorize': 303, // to the consent page
  'POST::/authorization/token': 400, // no code was issued: invalid_grant
  'POST::/v1/agent/onboarding/poll': 400, // no onboarding has the invented device_code: INVALID_DEVICE_CODE
  'POST::/v1/billing/stripe/webhook': 400, // nothing Stripe signed (and the sandbox takes no event)
};

/**
 * Fuzz variations skipped, with the reason (the README repeats them): the authorization endpoint
 * answers a bad request to a known client on its redirect URI (303), as RFC 6749 section 4.1.2.1
 * requires, not with a 400.
 */
export const PORTMAN_FUZZ_EXCLUDED = ['GET::/authorization/authorize'];

function body(operation: string, value: Json): Overwrite {
  return {
    openApiOperation: operation,
    overwriteRequestBody: [{ key: '.', value, overwrite: true }],
  };
}

function pathVariable(operation: string, key: string, value: string): Overwrite {
  return {
    openApiOperation: operation,
    overwriteRequestPathVariables: [{ key, value, overwrite: true }],
  };
}

const DNC_NUMBER = '+17185550188';

function overwrites(context: FuzzContext, serverUrl: string): Overwrite[] {
  const callId = context.callIds[0]!;
  const agentId = context.agentIds[0]!;
  const text = examples.texts[0]!;
  const agentSettings = {
    name: 'Portman',
    task: examples.tasks[0]!,
    voice: 'ava',
    first_sentence: 'Hello, this is the dental office.',
    wait_for_greeting: false,
    max_duration: 5,
    record: true,
    end_of_turn: { min_ms: 300, max_ms: 1200 },
    webhook: examples.webhooks[0]!,
    metadata: { ref: 'portman' },
    language: 'en-US',
    defer_to_calling_hours: false,
    answered_by_enabled: true,
    voicemail_message: 'Please call the dental office back.',
    voicemail_action: 'leave_message',
    pronunciation_guide: [{ word: 'Nicola', pronunciation: 'nee-KOH-lah', case_sensitive: false }],
    keywords: ['Invisalign'],
    block_interruptions: false,
    interruption_threshold: 300,
    temperature: 0.5,
    // A public address written as an IP (no lookup); the task names no tool, so none is called.
    tools: [
      {
        name: 'check_slot',
        description: 'Checks a slot.',
        input_schema: { type: 'object', properties: { day: { type: 'string' } } },
        url: 'https://93.184.216.34/slots',
        method: 'POST',
        headers: { Authorization: 'Bearer portman' },
        timeout_ms: 5000,
        speech: 'One moment.',
      },
    ],
    transfer_phone_number: examples.phoneNumbers[1]!,
    transfer_list: { front_desk: examples.phoneNumbers[2]! },
    transfer_mode: 'cold',
  };
  return [
    body('POST::/api/contact', {
      name: 'Ada Lovelace',
      email: examples.emails[0]!,
      company: 'Analytical Engines',
      message: 'Could your agents confirm our deliveries?',
    }),
    // Every optional field is present, so Portman's fuzzing has something to push past its bounds.
    body('POST::/api/leads', {
      formSlug: 'newsletter',
      values: examples.leadValues.newsletter,
      attribution: {
        first: { utm_source: 'newsletter', utm_medium: 'email', landing_path: '/blog' },
        last: { utm_source: 'search', gclid: 'Cj0KCQ' },
        pageUri: 'https://voice.example/blog',
        referrer: 'https://search.example/',
        crmutk: 'visitor-1',
      },
    }),
    pathVariable('GET::/api/blog/{slug}/markdown', 'slug', examples.blogSlugs[0]!),
    // Every optional field is present, so Portman's fuzzing has something to push past its bounds.
    body('POST::/v1/agents', agentSettings),
    {
      ...pathVariable('PATCH::/v1/agents/{agent_id}', 'agent_id', agentId),
      overwriteRequestBody: [
        { key: '.', value: { ...agentSettings, name: 'Portman (changed)' }, overwrite: true },
      ],
    },
    pathVariable('GET::/v1/agents/{agent_id}', 'agent_id', agentId),
    pathVariable('GET::/v1/agents/{agent_id}/versions', 'agent_id', agentId),
    // Its own agent: deleting the shared one would leave the others 404.
    pathVariable('DELETE::/v1/agents/{agent_id}', 'agent_id', context.agentIds[1]!),
    {
      openApiOperation: 'GET::/v1/agents',
      overwriteRequestQueryParams: [
        { key: 'limit', value: '5', overwrite: true },
        { key: 'cursor', value: '', overwrite: true },
      ],
    },
    body('POST::/v1/calls', {
      phone_number: examples.phoneNumbers[0]!,
      task: examples.tasks[0]!,
      voice: 'ava',
      first_sentence: 'Hello, this is the dental office.',
      wait_for_greeting: false,
      max_duration: 5,
      record: true,
      webhook: examples.webhooks[0]!,
      metadata: { ref: 'portman' },
      request_data: { day: 'Tuesday' },
      language: 'en-US',
    }),
    {
      openApiOperation: 'GET::/v1/calls',
      overwriteRequestQueryParams: [
        { key: 'limit', value: '5', overwrite: true },
        { key: 'cursor', value: '', overwrite: true },
        { key: 'batch_id', value: context.batchIds[0]!, overwrite: true },
        { key: 'status', value: 'complete', overwrite: true },
      ],
    },
    // Countries the service enables and a window as wide as a day: calls after it still go out.
    body('PUT::/v1/calling-rules', {
      countries: ['US', 'CA'],
      hours: {
        start: '00:00',
        end: '24:00',
        days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      },
      disclosures: {
        ai: true,
        ai_text: 'This is an automated assistant.',
        recording_text: 'This call is being recorded.',
      },
    }),
    // One of `number` or `numbers`, never both (Portman's generated body would send both); a
    // number no other request calls, so the list refuses none of them.
    body('POST::/v1/dnc', {
      numbers: [DNC_NUMBER],
      reason: 'portman',
      source: 'api',
    }),
    body('DELETE::/v1/dnc', { numbers: [DNC_NUMBER] }),
    // A sandbox number of the area the set-up uses; a number it holds for the rest (the second
    // is released, so the first keeps its agent for the test call).
    body('POST::/v1/numbers', { country: 'US', area_code: '415', contains: '55' }),
    {
      ...pathVariable('PATCH::/v1/numbers/{number}', 'number', context.numbers[0]!),
      overwriteRequestBody: [
        {
          key: '.',
          value: { inbound_agent_id: context.agentIds[0]!, label: 'Front desk' },
          overwrite: true,
        },
      ],
    },
    pathVariable('POST::/v1/numbers/{number}/test-call', 'number', context.numbers[0]!),
    pathVariable('DELETE::/v1/numbers/{number}', 'number', context.numbers[1]!),
    // The set-up call has ended: its analysis can be made again with any schema of the subset.
    {
      ...pathVariable('POST::/v1/calls/{call_id}/analyze', 'call_id', callId),
      overwriteRequestBody: [
        {
          key: '.',
          value: {
            analysis_schema: {
              type: 'object',
              properties: {
                confirmed: { type: 'boolean', description: 'Whether the appointment stands' },
                day: { type: 'string', enum: ['Monday', 'Tuesday'] },
              },
            },
            analysis_prompt: 'Read what the callee said about the appointment.',
          },
          overwrite: true,
        },
      ],
    },
    pathVariable('GET::/v1/calls/{call_id}', 'call_id', callId),
    pathVariable('POST::/v1/calls/{call_id}/stop', 'call_id', callId),
    pathVariable('GET::/v1/calls/{call_id}/recording', 'call_id', callId),
    {
      ...pathVariable('GET::/v1/recordings/{call_id}', 'call_id', context.recording.callId),
      overwriteRequestQueryParams: [
        { key: 'expires', value: context.recording.expires, overwrite: true },
        { key: 'signature', value: context.recording.signature, overwrite: true },
      ],
    },
    pathVariable('GET::/v1/postcall/webhooks/{call_id}', 'call_id', callId),
    body('POST::/v1/postcall/webhooks/resend', { call_ids: [callId] }),
    body('POST::/v1/batches', {
      base_prompt: examples.tasks[0]!,
      label: 'portman',
      campaign_id: 'spring',
      call_data: [{ phone_number: examples.phoneNumbers[3]!, day: 'Friday' }],
      call_params: {
        reduce_latency: true,
        voice_id: 'ava',
        language: 'en-US',
        max_duration: 5,
        wait_for_greeting: false,
      },
    }),
    {
      openApiOperation: 'GET::/batch',
      overwriteRequestQueryParams: [
        { key: 'batch_id', value: context.batchIds[0]!, overwrite: true },
      ],
    },
    body('POST::/v2/tts', {
      text,
      voice: 'ava',
      audio: { container: 'wav', encoding: 'pcm_s16le', sample_rate: 16000 },
      controls: { speed: 1.1 },
    }),
    body('POST::/v2/audio/speech', {
      model: 'btts-3',
      input: text,
      voice: 'ava',
      response_format: 'mp3',
      speed: 1,
    }),
    // openapi-to-postman invents a value from the pattern; Portman pads it with its first character,
    // and an invented `{{`… becomes a Postman variable that newman rewrites into a body that is not JSON.
    body('POST::/v1/agent/onboarding/start', { client_name: 'fuzz agent' }),
    body('POST::/v1/billing/top-ups', { amount_usd: 25 }),
    body('PUT::/v1/billing/auto-top-up', {
      enabled: false,
      threshold_usd: 10,
      amount_usd: 25,
      monthly_cap_usd: 100,
    }),
    body('POST::/v1/speak', { text, voice_id: 'ava', output_format: 'pcm_16000' }),
    body('POST::/v1/audio/shares', {
      text,
      voice: 'maya',
      audio: { container: 'raw', encoding: 'mulaw', sample_rate: 8000 },
    }),
    pathVariable('GET::/v1/audio/shares/{share_id}', 'share_id', context.shareIds[0]!),
    {
      openApiOperation: 'GET::/v1/voices',
      overwriteRequestQueryParams: [{ key: 'include_engine', value: 'false', overwrite: true }],
    },
    pathVariable('GET::/v1/voices/{voice_id}', 'voice_id', 'ava'),
    pathVariable('DELETE::/v1/voices/{voice_id}', 'voice_id', 'ava'),
    {
      ...pathVariable('POST::/v1/voices/{voice_id}/preview', 'voice_id', 'olivia'),
      overwriteRequestBody: [{ key: '.', value: { text: 'Hello there.' }, overwrite: true }],
    },
    pathVariable('POST::/v1/voices/{voice_id}/promote', 'voice_id', 'ava'),
    {
      ...body('POST::/v1/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      overwriteRequestHeaders: [
        { key: 'Accept', value: 'application/json, text/event-stream', overwrite: true },
        { key: 'Origin', value: serverUrl, overwrite: true },
      ],
    },
    {
      openApiOperation: 'GET::/authorization/authorize',
      // Prism follows redirects; this one goes straight to the server.
      overwriteRequestBaseUrl: { value: serverUrl, overwrite: true },
      overwriteRequestQueryParams: [
        { key: 'response_type', value: 'code', overwrite: true },
        { key: 'client_id', value: context.oauthClientId, overwrite: true },
        { key: 'redirect_uri', value: examples.redirectUris[0]!, overwrite: true },
        { key: 'scope', value: 'mcp:read', overwrite: true },
        { key: 'state', value: 'portman', overwrite: true },
        {
          key: 'code_challenge',
          value: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          overwrite: true,
        },
        { key: 'code_challenge_method', value: 'S256', overwrite: true },
        { key: 'resource', value: `${serverUrl}/v1/mcp`, overwrite: true },
      ],
    },
    {
      openApiOperation: 'POST::/authorization/token',
      overwriteRequestBody: [
        { key: 'grant_type', value: 'authorization_code', overwrite: true },
        { key: 'client_id', value: context.oauthClientId, overwrite: true },
        { key: 'code', value: 'no-such-code', overwrite: true },
        {
          key: 'code_verifier',
          value: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
          overwrite: true,
        },
        { key: 'redirect_uri', value: examples.redirectUris[0]!, overwrite: true },
        { key: 'refresh_token', value: '', overwrite: true },
        { key: 'resource', value: `${serverUrl}/v1/mcp`, overwrite: true },
      ],
    },
    body('POST::/authorization/register', {
      redirect_uris: [examples.redirectUris[1]!],
      client_name: 'Portman',
      token_endpoint_auth_method: 'none',
    }),
    {
      openApiOperation: 'POST::/authorization/revoke',
      overwriteRequestBody: [
        { key: 'token', value: 'no-such-token', overwrite: true },
        { key: 'token_type_hint', value: 'access_token', overwrite: true },
        { key: 'client_id', value: context.oauthClientId, overwrite: true },
      ],
    },
    {
      // The WebSocket path's 426 carries Upgrade, a hop-by-hop header Prism strips.
      openApiOperation: 'GET::/v2/tts/ws',
      overwriteRequestBaseUrl: { value: serverUrl, overwrite: true },
    },
  ];
}

export function portmanConfig(context: FuzzContext, serverUrl: string): Json {
  const expected = Object.entries(EXPECTED).map(([operation, code]) => ({
    openApiOperation: operation,
    openApiResponse: String(code),
    statusCode: { enabled: true, code },
    ...contract,
  }));
  const fuzzing = { enabled: true };
  const bounds = {
    requiredFields: fuzzing,
    minimumNumberFields: fuzzing,
    maximumNumberFields: fuzzing,
    minLengthFields: fuzzing,
    maxLengthFields: fuzzing,
  };
  return {
    version: 1.0,
    tests: {
      contractTests: [
        {
          openApiOperation: '*::/*',
          excludeForOperations: Object.keys(EXPECTED),
          statusSuccess: on,
          ...contract,
        },
        ...expected,
      ],
      variationTests: [
        {
          openApiOperation: '*::/*',
          openApiResponse: '400',
          excludeForOperations: PORTMAN_FUZZ_EXCLUDED,
          variations: [
            {
              name: 'Fuzz',
              fuzzing: [{ requestBody: [bounds] }, { requestQueryParams: [bounds] }],
              tests: {
                contractTests: [{ statusCode: { enabled: true, code: 400 }, ...contract }],
              },
            },
          ],
        },
      ],
    },
    overwrites: [
      ...overwrites(context, serverUrl),
      // openapi-to-postman leaves these two without the document's bearer scheme.
      ...['POST::/v1/batches', 'GET::/batch'].map((operation) => ({
        openApiOperation: operation,
        overwriteRequestSecurity: { bearer: { token: '{{bearerToken}}' } },
      })),
    ] as unknown as Json,
    // openapi-to-postman turns the one binary part into a file field without a file; newman then
    // sends a part Prism's form parser dies on (every later request went unanswered). The server's
    // handling of a missing or non-WAV consent_recording is the generated traffic's to try.
    operationPreRequestScripts: [
      {
        openApiOperation: 'POST::/v1/voices/professional',
        scripts: ["pm.request.body.formdata.remove('consent_recording');"],
      },
    ],
    globals: {
      // A fresh client address per request (the server trusts X-Forwarded-For in this run), so
      // the lead form's per-IP limit does not answer Portman's variations with 429.
      collectionPreRequestScripts: [
        "pm.request.headers.upsert({ key: 'X-Forwarded-For', value: pm.variables.replaceIn('{{$randomIP}}') });",
      ],
    },
  };
}
