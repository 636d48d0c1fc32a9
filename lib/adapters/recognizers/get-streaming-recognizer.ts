import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { DeepgramRecognizer } from './deepgram-recognizer';
import { OpenAIRealtimeRecognizer } from './openai-realtime-recognizer';
import type { StreamingRecognizer } from './streaming-recognizer';

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
