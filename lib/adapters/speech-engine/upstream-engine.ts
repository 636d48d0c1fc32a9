import { openAiClient } from '../openai/openai-server';
import OpenAI from 'openai';
import wavefile from 'wavefile';
import { splitSentences } from './split-sentences';
import {
  assertSampleRate,
  type EngineVoice,
  type SpeechChunk,
  type SpeechEngine,
  type SynthesisRequest,
} from './types';

const { WaveFile } = wavefile;

/** OpenAI-compatible servers answer `pcm` as 24 kHz mono 16-bit little-endian. */
const UPSTREAM_RATE = 24_000;
const TIMEOUT_MS = 30_000;
const VOICES: EngineVoice[] = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'].map((id) => ({
  id,
  name: id,
  language: 'en',
}));

export interface UpstreamOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Retries of a failed upstream call (the client's backoff); default 1. */
  maxRetries?: number;
}

/** Resamples 16-bit mono PCM with wavefile (a maintained library, not hand-written DSP). */
function resample(pcm: Buffer, from: number, to: number): Buffer {
  if (from === to || pcm.length < 2) return pcm;
  const samples = new Int16Array(Uint8Array.from(pcm).buffer);
  const file = new WaveFile();
  file.fromScratch(1, from, '16', samples);
  file.toSampleRate(to);
  const out = file.getSamples(false, Int16Array) as unknown as Int16Array;
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * Any OpenAI-compatible `/v1/audio/speech` server (a self-hosted neural engine, say), called
 * once per sentence through the official client so audio still streams sentence by sentence.
 */
export class UpstreamSpeechEngine implements SpeechEngine {
  readonly kind = 'upstream' as const;
  readonly description: string;
  private readonly client: OpenAI;
  private readonly model: string;

  constructor(options: UpstreamOptions) {
    ({ client: this.client, description: this.description } = openAiClient(
      options,
      'upstream speech server',
      { timeoutMs: TIMEOUT_MS, maxRetries: options.maxRetries ?? 1 },
    ));
    this.model = options.model;
  }

  listVoices(): Promise<EngineVoice[]> {
    return Promise.resolve(VOICES);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  synthesize(request: SynthesisRequest): AsyncIterable<SpeechChunk> {
    return this.generate(request);
  }

  private async *generate(request: SynthesisRequest): AsyncGenerator<SpeechChunk> {
    const { sampleRate, signal } = request;
    assertSampleRate(sampleRate);
    const voice = VOICES.some((v) => v.id === request.voice) ? request.voice! : VOICES[0]!.id;
    for (const sentence of splitSentences(request.text)) {
      signal?.throwIfAborted();
      const response = await this.client.audio.speech.create(
        {
          model: this.model,
          voice,
          input: sentence,
          response_format: 'pcm',
          ...(request.speed ? { speed: request.speed } : {}),
        },
        { signal },
      );
      const pcm = Buffer.from(await response.arrayBuffer());
      if (pcm.length % 2 !== 0) throw new Error('upstream answered a partial 16-bit sample');
      yield { text: sentence, pcm: resample(pcm, UPSTREAM_RATE, sampleRate) };
    }
  }
}
