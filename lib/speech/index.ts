// The speech context's door: what other contexts may use of synthesis, speech slots and voices.
// Speech stands on accounts and the wallet; calls, the console and the tool server stand on it.
export { shareSpeech } from './share-speech';
export { countSpeechSlots } from './slots';
export { type SpeechDeps } from './types';
export { listVoices } from './voices';
export { resolveVoice } from './voices/resolve-voice';
