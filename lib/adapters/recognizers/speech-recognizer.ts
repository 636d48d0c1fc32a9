import { openAiClient } from '../openai/openai-server';
import OpenAI, { toFile } from 'openai';
import { z } from 'zod';
import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { encodeWav } from '../speech-engine/wav';
import { keywordPrompt } from './openai-realtime-recognizer';

/** The speech recognition port: one callee turn of 8 kHz PCM in, its text out. */
export interface SpeechRecognizer {
  readonly kind: 'upstream';
  readonly description: string;
  transcribe(
    pcm: Buffer,
    options: { language?: string | null; signal?: AbortSignal; keywords?: string[] },
  ): Promise<string>;
}

const TIMEOUT_MS = 15_000;
const Transcription = z.object({ text: z.string() });

/** Any OpenAI-compatible `/audio/transcriptions` server (OpenAI, self-hosted whisper servers). */
export class UpstreamRecognizer implements SpeechRecognizer {
  readonly kind = 'upstream' as const;
  readonly description: string;
  private readonly client: OpenAI;

  constructor(
    options: { baseURL: string; apiKey?: string; model: string },
    private readonly model = options.model,
  ) {
    // One request per callee turn: a retry would keep the caller waiting in silence (and the
    // client cannot replay a streamed multipart body anyway).
    ({ client: this.client, description: this.description } = openAiClient(
      options,
      'upstream recognizer',
      { timeoutMs: TIMEOUT_MS, maxRetries: 0 },
    ));
  }

  async transcribe(
    pcm: Buffer,
    options: { language?: string | null; signal?: AbortSignal; keywords?: string[] },
  ): Promise<string> {
    const file = await toFile(encodeWav(pcm, 8_000), 'turn.wav', { type: 'audio/wav' });
    const language = options.language?.slice(0, 2).toLowerCase();
    const result = await this.client.audio.transcriptions.create(
      {
        file,
        model: this.model,
        response_format: 'json',
        ...(language ? { language } : {}),
        // Whisper-style servers take terms to expect as a prompt.
        ...(options.keywords?.length ? { prompt: keywordPrompt(options.keywords) } : {}),
      },
      { signal: options.signal },
    );
    return Transcription.parse(result).text.trim();
  }
}

/** STT_UPSTREAM_URL set: that server; unset: none (the sandbox line needs none). */
export function createSpeechRecognizer(config: Config): SpeechRecognizer | null {
  if (!config.STT_UPSTREAM_URL) return null;
  return new UpstreamRecognizer({
    baseURL: config.STT_UPSTREAM_URL,
    apiKey: config.STT_UPSTREAM_API_KEY,
    model: config.STT_UPSTREAM_MODEL,
  });
}

export function getSpeechRecognizer(): SpeechRecognizer | null {
  return singleton('speech-recognizer', () => createSpeechRecognizer(getConfig()));
}
