export * from './types';
export {
  createConfiguredSpeechEngine,
  createSpeechEngine,
  getSpeechEngine,
} from './get-speech-engine';
export { UpstreamSpeechEngine, type UpstreamOptions } from './upstream-engine';
export { DEFAULT_VOICE, type EspeakEngineOptions } from './espeak-engine';
export { splitSentences } from './split-sentences';
export { encodeWav, pcmDurationSeconds, wavDurationSeconds } from './wav';
