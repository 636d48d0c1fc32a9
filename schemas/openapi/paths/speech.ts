import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  ConcurrencyLimitError,
  OpenAiSpeechRequest,
  ShareRequest,
  ShareResponse,
  SpeakRequest,
  TtsRequest,
} from '../../speech';
import { z } from '../../zod';
import { authErrors, bearer, error, json, tooLarge } from './voice-common';

const concurrencyHeaders = z.object({
  'x-concurrency-current': z
    .string()
    .describe('The org’s speech generations in flight, this one included.'),
  'x-concurrency-limit': z
    .string()
    .describe('The org’s concurrency limit (1 before the $5 unlock, 5 after).'),
});

const limited = {
  description:
    'CONCURRENCY_LIMIT_REACHED: every slot of the organization is in use (HTTP generations and initialized WebSockets, on every instance). Wait `Retry-After` seconds; tight retry loops do not free slots faster.',
  headers: concurrencyHeaders.extend({
    'Retry-After': z.string().describe('Whole seconds, at least 1.'),
  }),
  content: { 'application/json': { schema: ConcurrencyLimitError } },
};

const speechErrors = {
  400: error(
    'INVALID_BODY: a bad field (`error.field` names it), e.g. μ-law at a rate other than 8000.',
  ),
  402: error(
    'INSUFFICIENT_BALANCE: the wallet cannot pay for the whole text; nothing was synthesized. WALLET_IN_DEBT: a refund or dispute left a debt. KEY_SPEND_CAP_REACHED: this API key’s spend this calendar month (UTC) has reached its monthly cap.',
  ),
  404: error('VOICE_NOT_FOUND: no voice of this organization has this id.'),
  429: limited,
  502: error('SPEECH_FAILED: the engine failed before any audio; the reservation was refunded.'),
  ...tooLarge,
  ...authErrors,
};

// What lib/speech/audio-format.ts contentType() answers, by media type.
const AUDIO_TYPES = {
  'audio/wav': 'container `wav` (a streaming WAV header, then the samples)',
  'audio/basic': 'container `raw`, μ-law: `audio/basic;rate=8000`',
  'audio/L16':
    'container `raw`, PCM: `audio/L16;rate=<sample_rate>;channels=1;endianness=little-endian`',
  'audio/mpeg': 'container `mp3`',
  'audio/ogg': 'container `ogg_opus` (Opus in Ogg pages)',
  'audio/flac': 'container `flac`',
} as const;
type AudioType = keyof typeof AUDIO_TYPES;

const binary = (types: AudioType[], description: string) => ({
  description: `${description} Content-Type: ${types.map((t) => AUDIO_TYPES[t]).join('; ')}.`,
  headers: concurrencyHeaders,
  content: Object.fromEntries(
    types.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
  ),
});
const ALL_AUDIO: AudioType[] = ['audio/wav', 'audio/basic', 'audio/L16'];

const COMPRESSED: AudioType[] = ['audio/mpeg', 'audio/ogg', 'audio/flac'];

const BILLING =
  'Billed per character against the wallet (`SPEECH_PRICE_PER_1K_CHARS_USD`): the whole text is reserved before synthesis and settled after; a client that disconnects pays for the sentences already spoken, a failed generation is refunded. Audio streams sentence by sentence: the first bytes leave before the whole text is synthesized. The slot is held from the first to the last byte.';

export function registerSpeechPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/v2/tts',
    operationId: 'streamTts',
    tags: ['Speech'],
    summary: 'Stream speech for a text',
    description: `WAV (an open-ended stream header), raw 16-bit PCM / μ-law at the rate asked for, or MP3, Ogg Opus or FLAC (\`audio.container\`), encoded in process and streamed. ${BILLING}`,
    security: bearer,
    request: { body: { required: true, content: { 'application/json': { schema: TtsRequest } } } },
    responses: {
      200: binary([...ALL_AUDIO, ...COMPRESSED], 'Audio as it is produced.'),
      ...speechErrors,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/v2/audio/speech',
    operationId: 'createSpeech',
    tags: ['Speech'],
    summary: 'OpenAI-compatible speech',
    description:
      'The official `openai` clients work with `baseURL` set to `{api_url}/v2` and the API key as their key. ' +
      '`model` must be `btts-3` or `btts-2` (an OpenAI model id such as `tts-1` is 400). `response_format` ' +
      `\`mp3\` (the default, as OpenAI's), \`opus\` (Ogg Opus), \`flac\`, \`wav\` or \`pcm\` (raw 24 kHz 16-bit little-endian mono, as OpenAI's); \`aac\` is 400. ${BILLING}`,
    security: bearer,
    request: {
      body: { required: true, content: { 'application/json': { schema: OpenAiSpeechRequest } } },
    },
    responses: {
      200: binary(
        [...COMPRESSED, 'audio/wav', 'audio/L16'],
        'Audio as it is produced (`pcm`: 24 kHz).',
      ),
      ...speechErrors,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/v1/speak',
    operationId: 'speak',
    tags: ['Speech'],
    summary: 'A whole text as one WAV file',
    description:
      'Synthesizes the whole text (≤ 5,000 characters), then answers one complete WAV file. ' +
      '`x-latency`: milliseconds from the request to the finished audio; `x-cost`: US dollars charged.',
    security: bearer,
    request: {
      body: { required: true, content: { 'application/json': { schema: SpeakRequest } } },
    },
    responses: {
      200: {
        description: 'The WAV file.',
        headers: concurrencyHeaders.extend({
          'x-latency': z.string().describe('Milliseconds of synthesis.'),
          'x-cost': z.string().describe('US dollars charged, six decimals.'),
        }),
        content: { 'audio/x-wav': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...speechErrors,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/v1/audio/shares',
    operationId: 'createAudioShare',
    tags: ['Speech'],
    summary: 'A public link to a generation',
    description:
      'Anyone with the link can play it without a key; every play synthesizes anew and counts against the link owner’s organization (a concurrency slot and the per-character charge).',
    security: bearer,
    request: {
      body: { required: true, content: { 'application/json': { schema: ShareRequest } } },
    },
    responses: { 201: json(ShareResponse, 'Created.'), ...speechErrors },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/audio/shares/{share_id}',
    operationId: 'playAudioShare',
    tags: ['Speech'],
    summary: 'Play a shared generation',
    security: [],
    request: { params: z.object({ share_id: z.string() }) },
    responses: {
      200: binary(
        [...ALL_AUDIO, ...COMPRESSED],
        'Audio as it is produced, in the format the link was made with.',
      ),
      404: error('NOT_FOUND: no share has this id.'),
      402: speechErrors[402],
      429: limited,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/v2/tts/ws',
    operationId: 'ttsWebSocket',
    tags: ['Speech'],
    summary: 'Streaming speech over a WebSocket (upgrade)',
    description: [
      'Authenticate with `Authorization: Bearer <key>` (or a bare key) on the upgrade, or — for browsers — `?api_key=<key>` (it then appears in access logs: prefer short-lived keys). No valid key → 401 on the upgrade.',
      '',
      'Client frames (JSON text): `{"type":"init","voice","audio":{"encoding":"pcm_s16le"|"mulaw","sample_rate"},"controls":{"speed"}}`; `{"type":"speak","context_id","text"}`; `{"type":"end_of_turn","context_id"}` (no more text for this turn; what is queued is still spoken); `{"type":"cancel"}` (stops the current utterance and drops the queue); `{"type":"close"}`.',
      '',
      'Server frames: `{"type":"ready","session_id","encoding","sample_rate"}` after a successful init; `{"type":"utterance_start","context_id"}`; binary frames of raw audio; `{"type":"utterance_end","context_id","reason":"complete"|"cancelled"|"preempted"|"error"}`; `{"type":"error","code","message"}`; `{"type":"done"}` before a requested close.',
      '',
      '`init` takes one of the organization’s concurrency slots and holds it until the socket closes, idle time included (renewed by heartbeat; a crashed server’s slot frees within 15 s). With the cap full, init answers one `{"type":"error","code":"rate_limited","kind":"rate_limited","limit","retry_after"}` frame and the socket closes (1013) without `ready`. When the store or the database is down, the upgrade is refused with 503 and `Retry-After`, or an open socket gets one `{"type":"error","code":"service_unavailable","message","retry_after"}` frame and closes (1013). Speak frames of one context_id queue; a new context_id pre-empts the current utterance. Each utterance is billed like an HTTP generation (a cancelled one pays for what was spoken). After 60 s without a frame either way the server closes the socket.',
    ].join('\n'),
    security: bearer,
    responses: {
      101: { description: 'Switching protocols: the socket is open.' },
      401: error(
        'UNAUTHENTICATED: no valid key on the upgrade (a plain HTTP response, not a socket), or on a plain GET.',
      ),
      426: {
        ...error(
          'UPGRADE_REQUIRED: a plain GET with a valid key: this path speaks WebSocket only.',
        ),
        headers: z.object({ Upgrade: z.literal('websocket') }),
      },
    },
  });
}
