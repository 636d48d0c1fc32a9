import type { SpeechRecognizer } from './speech-recognizer';
import type { StreamingRecognizer } from './streaming-recognizer';

/** Names the recognizer that serves real calls, and the whole-turn one behind it. */
export function describeRecognizers(
  streaming: StreamingRecognizer | null,
  whole: SpeechRecognizer | null,
): string {
  if (!whole) return 'none (the sandbox line needs none; real calls need STT_UPSTREAM_URL)';
  if (!streaming) return `whole-turn: ${whole.description}`;
  return `${streaming.description}; whole-turn fallback: ${whole.description}`;
}
