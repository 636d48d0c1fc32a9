export * from './types';
export { Conversation } from './conversation';
export { getConversationDeps } from './get-conversation-deps';
export {
  createSpeechRecognizer,
  getSpeechRecognizer,
  UpstreamRecognizer,
  type SpeechRecognizer,
} from '../../adapters/recognizers/speech-recognizer';
