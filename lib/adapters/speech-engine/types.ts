export interface SynthesisRequest {
  text: string;
  /** Engine voice id from listVoices(); undefined → the default voice (an English one). */
  voice?: string;
  /** Output sample rate in Hz, 8000–48000. */
  sampleRate: number;
  /** Speaking-rate multiplier, 1 = normal (0.5–2). */
  speed?: number;
  /** eSpeak-NG base pitch, 0–100 (50 = the voice's own pitch); an upstream engine ignores it. */
  pitch?: number;
  signal?: AbortSignal;
}

export interface SpeechChunk {
  /** The sentence this audio speaks. */
  text: string;
  /** Mono 16-bit little-endian PCM at the requested sample rate. */
  pcm: Buffer;
}

export interface EngineVoice {
  id: string;
  name: string;
  language: string;
  gender?: 'male' | 'female';
}

export interface SpeechEngine {
  readonly kind: 'espeak' | 'upstream';
  /** One line for the start-up log. */
  readonly description: string;
  /** Audio sentence by sentence, in order, as each is produced (so callers can stream). An aborted signal stops work promptly and the iterator throws/ends. */
  synthesize(request: SynthesisRequest): AsyncIterable<SpeechChunk>;
  listVoices(): Promise<EngineVoice[]>;
  /** Starts now what the first request would start (threads, WebAssembly, the voice list). */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
}

export const MIN_SAMPLE_RATE = 8000;
export const MAX_SAMPLE_RATE = 48000;
export const MIN_SPEED = 0.5;
export const MAX_SPEED = 2;
export const MIN_PITCH = 0;
export const MAX_PITCH = 100;

/** A request the engine cannot serve as asked (unknown voice, rate or speed out of range). */
export class SpeechRequestError extends Error {
  readonly field: 'voice' | 'sampleRate' | 'speed' | 'pitch';
  constructor(field: 'voice' | 'sampleRate' | 'speed' | 'pitch', message: string) {
    super(message);
    this.name = 'SpeechRequestError';
    this.field = field;
  }
}

/** Refuses a sample rate the port does not serve (every adapter checks the same range). */
export function assertSampleRate(sampleRate: number): void {
  if (
    !Number.isInteger(sampleRate) ||
    sampleRate < MIN_SAMPLE_RATE ||
    sampleRate > MAX_SAMPLE_RATE
  ) {
    throw new SpeechRequestError(
      'sampleRate',
      `sampleRate must be a whole number from ${MIN_SAMPLE_RATE} to ${MAX_SAMPLE_RATE}`,
    );
  }
}
