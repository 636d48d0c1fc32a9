export {
  acquireSpeechSlot,
  type SlotAttempt,
  type SpeechSlot,
  type SpeechSlotDeps,
} from './acquire-speech-slot';
export { countSpeechSlots } from './count-speech-slots';
export { SLOT_TTL_MS, speechSlotKey } from './speech-slot-key';
