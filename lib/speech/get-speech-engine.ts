import { singleton } from '../runtime/singleton';
import { EspeakEngine, type EspeakEngineOptions } from './espeak-engine';
import type { SpeechEngine } from './types';

/** A new engine; tests and benchmarks make their own and close them. */
export function createSpeechEngine(options: EspeakEngineOptions = {}): SpeechEngine {
  return new EspeakEngine(options);
}

/** The process's one engine (shared by server.ts and Next's bundled copy of this module). */
export function getSpeechEngine(): SpeechEngine {
  return singleton('speech-engine', () => createSpeechEngine());
}
