import { storedText } from './text';
import { z } from './zod';

export const ConcurrencyLimitError = z
  .object({
    error: z.literal('concurrency_limit_reached'),
    limit: z.int().describe("The organization's concurrency limit."),
    message: z.string(),
    docs: z.url(),
  })
  .describe(
    '429 body of HTTP speech endpoints when no concurrency slot is free. Retry after Retry-After seconds.',
  )
  .meta({ id: 'ConcurrencyLimitError' });

export const SpeechLimits = z
  .object({
    concurrent_generations: z.int().describe('1 before the $5 unlock, 5 after.'),
    instant_voice_clones: z.int().describe('1 before the unlock, 10 after.'),
    live_professional_clones: z.int().describe('0 before the unlock, 1 after.'),
  })
  .describe('Speech limit record of an organization.')
  .meta({ id: 'SpeechLimits' });

const sampleRate = z.int().min(8000).max(48000).describe('Hz, 8000–48000 (μ-law: 8000 only).');

// Rates the compressed formats' encoders take (MPEG layer III; libopus).
export const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];
export const OPUS_RATES = [8000, 12000, 16000, 24000, 48000];

export const AudioSpec = z
  .object({
    container: z
      .enum(['raw', 'wav', 'mp3', 'ogg_opus', 'flac'])
      .default('wav')
      .describe(
        'raw: bare samples; wav: a WAV stream; mp3 (audio/mpeg), ogg_opus (Opus in Ogg, audio/ogg) and flac (audio/flac): compressed from 16-bit PCM, streamed.',
      ),
    encoding: z
      .enum(['pcm_s16le', 'mulaw'])
      .default('pcm_s16le')
      .describe(
        '16-bit little-endian PCM, or G.711 μ-law (raw and wav only; μ-law needs sample_rate 8000).',
      ),
    sample_rate: sampleRate.default(24000),
  })
  .refine((a) => a.encoding !== 'mulaw' || a.sample_rate === 8000, {
    message: 'μ-law audio is 8000 Hz only',
    path: ['sample_rate'],
  })
  .refine((a) => a.encoding !== 'mulaw' || a.container === 'raw' || a.container === 'wav', {
    message: 'μ-law is for raw and wav only',
    path: ['encoding'],
  })
  .refine((a) => a.container !== 'mp3' || MP3_RATES.includes(a.sample_rate), {
    message: `mp3 takes ${MP3_RATES.join(', ')} Hz`,
    path: ['sample_rate'],
  })
  .refine((a) => a.container !== 'ogg_opus' || OPUS_RATES.includes(a.sample_rate), {
    message: `ogg_opus takes ${OPUS_RATES.join(', ')} Hz`,
    path: ['sample_rate'],
  })
  .describe(
    'Output audio; default WAV, 16-bit PCM, 24 kHz. μ-law is 8000 Hz only, raw or wav: with ' +
      `encoding mulaw, sample_rate must be sent and be 8000. mp3 takes ${MP3_RATES.join(', ')} Hz; ` +
      `ogg_opus ${OPUS_RATES.join(', ')} Hz.`,
  )
  .meta({
    id: 'AudioSpec',
    // The refinements above, in JSON Schema (an absent container is wav and an absent rate
    // 24000, which every container takes): μ-law is 8000 Hz, sent, and raw or wav only; mp3 and
    // ogg_opus take only their listed rates.
    allOf: [
      {
        anyOf: [
          { properties: { encoding: { not: { const: 'mulaw' } } } },
          { properties: { sample_rate: { const: 8000 } }, required: ['sample_rate'] },
        ],
      },
      {
        anyOf: [
          { properties: { encoding: { not: { const: 'mulaw' } } } },
          { properties: { container: { enum: ['raw', 'wav'] } } },
        ],
      },
      {
        anyOf: [
          { properties: { container: { not: { const: 'mp3' } } } },
          { properties: { sample_rate: { enum: MP3_RATES } } },
        ],
      },
      {
        anyOf: [
          { properties: { container: { not: { const: 'ogg_opus' } } } },
          { properties: { sample_rate: { enum: OPUS_RATES } } },
        ],
      },
    ],
  });

export const SpeechControls = z
  .object({
    speed: z.number().min(0.5).max(2).optional().describe('Speaking-rate multiplier, 0.5–2.'),
  })
  .describe('Delivery controls.')
  .meta({ id: 'SpeechControls' });

export const TtsRequest = z
  .object({
    text: storedText()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(20_000)
      .describe('What to say (≤ 20,000 characters).'),
    voice: storedText()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(100)
      .describe('A voice id from GET /v1/voices.'),
    audio: AudioSpec.optional(),
    controls: SpeechControls.optional(),
  })
  .meta({ id: 'TtsRequest' });

export const OpenAiSpeechRequest = z
  .object({
    model: z
      .enum(['btts-3', 'btts-2'], {
        error: 'must be btts-3 or btts-2 (OpenAI model ids such as tts-1 are not served here)',
      })
      .describe('btts-3 or btts-2.'),
    input: storedText()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(4_096)
      .describe('What to say (≤ 4,096 characters, as OpenAI).'),
    voice: storedText()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(100)
      .describe('A voice id from GET /v1/voices.'),
    response_format: z
      .enum(['mp3', 'opus', 'flac', 'wav', 'pcm'], {
        error: 'must be mp3, opus, flac, wav or pcm (aac is not produced)',
      })
      .default('mp3')
      .describe(
        'mp3 (the default, as OpenAI), opus (Ogg Opus), flac, wav, or pcm (raw 24 kHz 16-bit little-endian mono, as OpenAI); all 24 kHz mono, streamed. aac is not produced (400).',
      ),
    speed: z
      .number()
      .min(0.5)
      .max(2)
      .default(1)
      .describe('0.5–2 (OpenAI allows 0.25–4; this engine does not).'),
  })
  .describe('OpenAI-compatible speech request.')
  .meta({ id: 'OpenAiSpeechRequest' });

export const speakFormats = [
  'pcm_8000',
  'pcm_16000',
  'pcm_24000',
  'pcm_44100',
  'ulaw_8000',
] as const;

export const SpeakRequest = z
  .object({
    text: storedText().trim().min(1).regex(/\S/).max(5_000).describe('≤ 5,000 characters.'),
    voice_id: storedText()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(100)
      .describe('A voice id from GET /v1/voices.'),
    output_format: z.enum(speakFormats).default('pcm_24000'),
  })
  .meta({ id: 'SpeakRequest' });

export const ShareRequest = z
  .object({
    text: storedText().trim().min(1).regex(/\S/).max(5_000),
    voice: storedText().trim().min(1).regex(/\S/).max(100),
    audio: AudioSpec.optional(),
  })
  .meta({ id: 'ShareRequest' });

export const ShareResponse = z
  .object({
    share_id: z.string().describe('Unguessable; the public link is the only credential.'),
    url: z
      .url()
      .describe('Anyone with the link can play it; each play is billed to the link owner.'),
  })
  .meta({ id: 'ShareResponse' });
