import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { splitSentences } from './split-sentences';
import {
  MAX_PITCH,
  MAX_SPEED,
  MIN_PITCH,
  MIN_SPEED,
  SpeechRequestError,
  assertSampleRate,
  type EngineVoice,
  type SpeechChunk,
  type SpeechEngine,
  type SynthesisRequest,
} from './types';
import { WorkerPool, type RawVoice } from './worker-pool';

export const DEFAULT_VOICE = 'en-us';
/** eSpeak-NG's own default speaking rate, in words per minute; `speed` multiplies it. */
const BASE_WORDS_PER_MINUTE = 175;
/** eSpeak-NG's "f3" variant: a female voice over any base voice. */
const FEMALE_VARIANT = '+f3';

export interface EspeakEngineOptions {
  /** Worker threads at most; default: the cores (`os.availableParallelism()`). */
  poolSize?: number;
  /**
   * The worker script. Resolved from `process.cwd()` at run time by default, because Next bundles
   * route code and a path relative to this module would point into `.next/`.
   */
  workerScript?: string;
}

interface VoiceEntry {
  voice: EngineVoice;
  /** The name eSpeak-NG's set_voice takes. */
  espeakName: string;
}

export function defaultWorkerScript(): string {
  return join(process.cwd(), 'lib/adapters/speech-engine/worker/espeak-worker.mjs');
}

export class EspeakEngine implements SpeechEngine {
  readonly kind = 'espeak' as const;
  readonly description: string;
  private readonly pool: WorkerPool;
  private voices?: Promise<Map<string, VoiceEntry>>;
  private nextLane = 1;

  constructor(options: EspeakEngineOptions = {}) {
    const size = Math.max(1, options.poolSize ?? availableParallelism());
    this.pool = new WorkerPool({ script: options.workerScript ?? defaultWorkerScript(), size });
    this.description = `eSpeak-NG (WebAssembly, in process) in up to ${size} worker threads, started on first use (at start-up when real calls are on); default voice ${DEFAULT_VOICE}`;
  }

  synthesize(request: SynthesisRequest): AsyncIterable<SpeechChunk> {
    return this.generate(request);
  }

  async listVoices(): Promise<EngineVoice[]> {
    return [...(await this.voiceTable()).values()].map((entry) => entry.voice);
  }

  async warmUp(): Promise<void> {
    await this.pool.start();
    // One short sentence a worker (which reads the voice list first), at the phone line's rate:
    // eSpeak's and the resampler's WebAssembly are compiled for speed as they first run hot.
    await Promise.all(
      Array.from({ length: this.pool.size }, async () => {
        for await (const chunk of this.generate({ text: 'Hello.', sampleRate: 8_000 })) void chunk;
      }),
    );
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async *generate(request: SynthesisRequest): AsyncGenerator<SpeechChunk> {
    const { signal } = request;
    signal?.throwIfAborted();
    const { sampleRate } = request;
    assertSampleRate(sampleRate);
    const speed = request.speed ?? 1;
    if (!Number.isFinite(speed) || speed < MIN_SPEED || speed > MAX_SPEED) {
      throw new SpeechRequestError('speed', `speed must be from ${MIN_SPEED} to ${MAX_SPEED}`);
    }
    const { pitch } = request;
    if (
      pitch !== undefined &&
      (!Number.isInteger(pitch) || pitch < MIN_PITCH || pitch > MAX_PITCH)
    ) {
      throw new SpeechRequestError(
        'pitch',
        `pitch must be a whole number from ${MIN_PITCH} to ${MAX_PITCH}`,
      );
    }
    const sentences = splitSentences(request.text);
    if (sentences.length === 0) return;
    const voiceId = request.voice ?? DEFAULT_VOICE;
    const entry = (await abortable(this.voiceTable(), signal)).get(voiceId);
    if (!entry)
      throw new SpeechRequestError(
        'voice',
        `Unknown voice "${voiceId}"; listVoices() names the voices`,
      );

    const rate = Math.round(BASE_WORDS_PER_MINUTE * speed);
    const lane = `synthesis-${this.nextLane++}`;
    // Sentences run ahead of the consumer, up to one per worker, so a single request still uses
    // every core, yet a reader that stops pulling does not make the pool synthesize the whole text.
    const lookahead = Math.max(2, this.pool.size);
    const pending: Promise<Buffer>[] = [];
    let queued = 0;
    const onAbort = () => this.pool.cancelLane(lane, signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (const text of sentences) {
        for (const ahead of sentences.slice(queued, queued + lookahead - pending.length)) {
          const job = this.pool
            .run(lane, {
              type: 'synthesize',
              text: ahead,
              voice: entry.espeakName,
              rate,
              ...(pitch === undefined ? {} : { pitch }),
              sampleRate,
            })
            .then((reply) => {
              if (reply.type !== 'audio')
                throw new Error(`Unexpected reply from a speech worker: ${reply.type}`);
              return Buffer.from(reply.pcm);
            });
          // Rejections of jobs nobody awaits any more (after an abort or an early break) are expected.
          job.catch(() => undefined);
          pending.push(job);
          queued += 1;
        }
        const pcm = await abortable(pending.shift() as Promise<Buffer>, signal);
        if (pcm.length > 0) yield { text, pcm };
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.pool.cancelLane(lane);
    }
  }

  private voiceTable(): Promise<Map<string, VoiceEntry>> {
    this.voices ??= this.pool.run('voices', { type: 'voices' }).then((reply) => {
      if (reply.type !== 'voices')
        throw new Error(`Unexpected reply from a speech worker: ${reply.type}`);
      return buildVoiceTable(reply.voices);
    });
    // A failed start (e.g. a worker that could not load) is retried by the next call.
    this.voices.catch(() => {
      this.voices = undefined;
    });
    return this.voices;
  }
}

/**
 * One voice per eSpeak-NG language voice, id = its language code ("en-us"), which is what people
 * know; eSpeak's base voices are male, so English ones also get a female variant ("en-us+f3").
 */
export function buildVoiceTable(raw: RawVoice[]): Map<string, VoiceEntry> {
  const table = new Map<string, VoiceEntry>();
  for (const voice of raw) {
    const id = table.has(voice.language) ? voice.identifier : voice.language;
    table.set(id, {
      voice: { id, name: voice.name, language: voice.language, gender: 'male' },
      espeakName: voice.identifier,
    });
  }
  for (const [id, entry] of [...table]) {
    if (!entry.voice.language.startsWith('en')) continue;
    const femaleId = `${id}${FEMALE_VARIANT}`;
    table.set(femaleId, {
      voice: {
        id: femaleId,
        name: `${entry.voice.name}, female`,
        language: entry.voice.language,
        gender: 'female',
      },
      espeakName: `${entry.espeakName}${FEMALE_VARIANT}`,
    });
  }
  return table;
}

/** The promise, or the signal's reason as soon as it aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
