import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { DeepgramRecognizer } from './deepgram-recognizer';
import { OpenAIRealtimeRecognizer } from './openai-realtime-recognizer';

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

/**
 * STT_STREAMING=openai-realtime: a Realtime transcription session on STT_UPSTREAM_URL's server;
 * deepgram (or unset with DEEPGRAM_API_KEY): Deepgram live; else none (whole turns). Either goes
 * to STT_STREAMING_URL instead when it is set (a stand-in).
 */
export function createStreamingRecognizer(config: Config): StreamingRecognizer | null {
  const base = config.STT_STREAMING_URL;
  if (config.STT_STREAMING === 'openai-realtime' && config.STT_UPSTREAM_URL) {
    return new OpenAIRealtimeRecognizer({
      baseURL: base ?? config.STT_UPSTREAM_URL,
      apiKey: config.STT_UPSTREAM_API_KEY,
      model: config.STT_REALTIME_MODEL,
    });
  }
  if (config.STT_STREAMING !== 'openai-realtime' && config.DEEPGRAM_API_KEY) {
    return new DeepgramRecognizer({
      apiKey: config.DEEPGRAM_API_KEY,
      baseUrl: base,
      model: config.DEEPGRAM_MODEL,
    });
  }
  return null;
}

export function getStreamingRecognizer(): StreamingRecognizer | null {
  return singleton('streaming-recognizer', () => createStreamingRecognizer(getConfig()));
}
