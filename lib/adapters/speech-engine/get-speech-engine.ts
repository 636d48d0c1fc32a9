import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { EspeakEngine, type EspeakEngineOptions } from './espeak-engine';
import type { SpeechEngine } from './types';
import { UpstreamSpeechEngine } from './upstream-engine';

/** A new in-process engine; tests and benchmarks make their own and close them. */
export function createSpeechEngine(options: EspeakEngineOptions = {}): SpeechEngine {
  return new EspeakEngine(options);
}

/** SPEECH_UPSTREAM_URL set: an OpenAI-compatible server; unset: eSpeak-NG in worker threads. */
export function createConfiguredSpeechEngine(config: Config): SpeechEngine {
  if (config.SPEECH_UPSTREAM_URL) {
    return new UpstreamSpeechEngine({
      baseURL: config.SPEECH_UPSTREAM_URL,
      apiKey: config.SPEECH_UPSTREAM_API_KEY,
      model: config.SPEECH_UPSTREAM_MODEL ?? 'tts-1',
    });
  }
  return createSpeechEngine();
}

/** The process's one engine (shared by server.ts and Next's bundled copy of this module). */
export function getSpeechEngine(): SpeechEngine {
  return singleton('speech-engine', () => createConfiguredSpeechEngine(getConfig()));
}
