export * from './types';
export { createSpeechEngine, getSpeechEngine } from './get-speech-engine';
export { DEFAULT_VOICE, type EspeakEngineOptions } from './espeak-engine';
export { splitSentences } from './split-sentences';
export { encodeWav, pcmDurationSeconds, wavDurationSeconds } from './wav';
