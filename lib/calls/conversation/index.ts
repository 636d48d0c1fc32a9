export * from './types';
export { Conversation } from './conversation';
export {
  createSpeechRecognizer,
  getSpeechRecognizer,
  UpstreamRecognizer,
  type SpeechRecognizer,
} from '../../adapters/recognizers/speech-recognizer';
