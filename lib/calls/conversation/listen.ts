import type { CallRow } from '../types';
import type { EndOfTurnWindow } from './end-of-turn';
import { StreamingTurnText } from './streaming-turn-text';
import { TurnDetector, type TurnDetection } from './turn-detector';
import { WholeTurnText, type TurnText } from './turn-text';
import type { ConversationDeps } from './types';

/**
 * How one call hears its callee: the end-of-turn window (the call's own end_of_turn, or the
 * process's fixed END_OF_TURN_SILENCE_MS), the detector, and streaming or whole-turn words.
 */
export function listen(
  deps: ConversationDeps,
  call: CallRow,
): { window: EndOfTurnWindow; detector: TurnDetection; text: TurnText } {
  const maxMs = call.endOfTurnMaxMs ?? deps.settings.silenceMs;
  const window = { minMs: Math.min(call.endOfTurnMinMs ?? maxMs, maxMs), maxMs };
  const options = { silenceMs: maxMs, minSilenceMs: window.minMs };
  const detector = deps.turnDetector?.(options) ?? new TurnDetector(options);
  const { streaming, recognizer, clock } = deps;
  const keywords = call.speechControl?.keywords;
  const text = streaming
    ? new StreamingTurnText({
        streaming,
        recognizer,
        clock,
        language: call.language,
        keywords,
        log: (message) => console.warn(`call ${call.id}: ${message}`),
      })
    : new WholeTurnText(recognizer, call.language, keywords);
  return { window, detector, text };
}
