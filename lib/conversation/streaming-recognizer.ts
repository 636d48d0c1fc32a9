import { getConfig, type Config } from '../config';
import { singleton } from '../runtime/singleton';
import { DeepgramRecognizer } from './deepgram-recognizer';

/** One result of a recognition stream. */
export interface StreamTranscript {
  text: string;
  /** The words will not change (else a partial that later results replace). */
  final: boolean;
  /** The answer to `finalize()`: everything sent so far is now final. */
  flushed: boolean;
}

export interface StreamHandlers {
  transcript(result: StreamTranscript): void;
  /** The stream closed without being asked to (network, the vendor). */
  lost(reason: string): void;
}

/** One call's recognition stream: audio in as it arrives, transcripts back as they form. */
export interface RecognizerStream {
  /** One 20 ms frame of 8 kHz μ-law, as the carrier sent it. */
  send(mulaw: Buffer): void;
  /** The turn is over: finish what was heard, answered by a `flushed` transcript. */
  finalize(): void;
  close(): void;
}

/** The streaming side of speech recognition. */
export interface StreamingRecognizer {
  readonly kind: 'deepgram' | 'openai-realtime';
  readonly description: string;
  /** Opens a stream; rejects when it cannot connect. */
  open(options: { language: string | null }, handlers: StreamHandlers): Promise<RecognizerStream>;
}

/** DEEPGRAM_API_KEY set: Deepgram live (at STT_STREAMING_URL if set); else none (whole turns). */
export function createStreamingRecognizer(config: Config): StreamingRecognizer | null {
  if (config.DEEPGRAM_API_KEY) {
    return new DeepgramRecognizer({
      apiKey: config.DEEPGRAM_API_KEY,
      baseUrl: config.STT_STREAMING_URL,
      model: config.DEEPGRAM_MODEL,
    });
  }
  return null;
}

export function getStreamingRecognizer(): StreamingRecognizer | null {
  return singleton('streaming-recognizer', () => createStreamingRecognizer(getConfig()));
}
