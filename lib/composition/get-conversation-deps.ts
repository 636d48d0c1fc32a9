import { getCallDeps } from './get-call-deps';
import { getConfig } from '../platform/config/config';
import { carrierLineOf } from '../adapters/telephony';
import { getSpeechRecognizer } from '../adapters/recognizers/speech-recognizer';
import { getStreamingRecognizer } from '../adapters/recognizers/get-streaming-recognizer';
import { getVad } from '../adapters/vad';
import { TurnDetector } from '../calls/conversation/turn-detector';
import type { ConversationDeps } from '../calls/conversation/types';
import { VadVoicing } from '../calls/conversation/vad-voicing';

/** The process's live-call dependencies, or null when no carrier is configured (sandbox line). */
export async function getConversationDeps(): Promise<ConversationDeps | null> {
  const calls = await getCallDeps();
  const recognizer = getSpeechRecognizer();
  const carrier = carrierLineOf(calls.provider);
  if (!carrier || !recognizer) return null;
  const config = getConfig();
  const vad = await getVad();
  return {
    db: calls.db,
    store: calls.store,
    clock: calls.clock,
    speech: calls.speech,
    brain: calls.brain,
    recognizer,
    streaming: getStreamingRecognizer(),
    ...(vad
      ? {
          turnDetector: (options) => new TurnDetector({ ...options, voicing: new VadVoicing(vad) }),
        }
      : {}),
    carrier,
    ...(calls.rules ? { rules: calls.rules } : {}),
    settings: {
      urlSigningKey: config.URL_SIGNING_KEY,
      silenceMs: config.END_OF_TURN_SILENCE_MS,
    },
  };
}
