import type { SpeechSlotDeps } from './acquire-speech-slot';
import { speechSlotKey } from './speech-slot-key';

/** The organization's speech slots held right now, across every instance (for the headers). */
export function countSpeechSlots(deps: SpeechSlotDeps, orgId: string): Promise<number> {
  return deps.store.leaseCount(speechSlotKey(orgId));
}
