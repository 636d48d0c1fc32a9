import { z } from 'zod';
import { numberOr, optionalString, optionalUrl } from '../runtime/env-fields';

/** The speech recognizers' and end of turn's variables, spread into lib/platform/config/config.ts's schema. */
export const recognitionEnvShape = {
  // An OpenAI-compatible /audio/transcriptions server (base URL as the openai client takes it).
  STT_UPSTREAM_URL: optionalUrl,
  STT_UPSTREAM_API_KEY: optionalString,
  STT_UPSTREAM_MODEL: z.string().trim().min(1).default('whisper-1'),
  // Deepgram live transcription (streaming recognition on real calls); unset: whole turns only.
  DEEPGRAM_API_KEY: optionalString,
  DEEPGRAM_MODEL: z.string().trim().min(1).default('nova-3'),
  // Which streaming recognizer serves real calls: Deepgram live, or an OpenAI Realtime
  // transcription session on STT_UPSTREAM_URL's server; unset: Deepgram if DEEPGRAM_API_KEY.
  STT_STREAMING: z
    .enum(['deepgram', 'openai-realtime', ''])
    .optional()
    .transform((v) => v || undefined),
  // The transcription model of an OpenAI Realtime session.
  STT_REALTIME_MODEL: z.string().trim().min(1).default('gpt-4o-transcribe'),
  // Base URL that replaces the streaming vendor's (Deepgram's, or STT_UPSTREAM_URL for the
  // Realtime session): a stand-in.
  STT_STREAMING_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^(wss?|https?)$/ }).optional())
    .optional(),
  // What tells the callee's speech from silence on real calls: Silero VAD, or plain energy.
  VOICE_ACTIVITY: z
    .enum(['silero', 'energy', ''])
    .optional()
    .transform((v) => (v === 'energy' ? 'energy' : 'silero')),
  // Where Silero VAD runs: a worker thread of its own (default), or the server's main thread.
  VAD_THREAD: z
    .enum(['worker', 'main', ''])
    .optional()
    .transform((v) => (v === 'main' ? 'main' : 'worker')),
  // Silence after callee speech that ends their turn on a real call, in milliseconds.
  END_OF_TURN_SILENCE_MS: numberOr(
    500,
    z.int('must be a whole number').min(100, 'must be at least 100').max(5_000, 'at most 5000'),
  ),
};

/** A streaming recognizer chosen without what it needs stops start-up, naming the variable. */
export function checkRecognitionEnv(
  env: { STT_STREAMING?: string; DEEPGRAM_API_KEY?: string; STT_UPSTREAM_URL?: string },
  ctx: z.RefinementCtx,
): void {
  if (env.STT_STREAMING === 'deepgram' && !env.DEEPGRAM_API_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['DEEPGRAM_API_KEY'],
      message: 'must be set when STT_STREAMING=deepgram',
    });
  }
  if (env.STT_STREAMING === 'openai-realtime' && !env.STT_UPSTREAM_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['STT_UPSTREAM_URL'],
      message: 'must be set when STT_STREAMING=openai-realtime',
    });
  }
}
