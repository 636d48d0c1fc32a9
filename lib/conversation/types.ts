import type { AgentBrain } from '../agent';
import type { Db } from '../db';
import type { Clock } from '../runtime/clock';
import type { SpeechEngine } from '../speech';
import type { Store } from '../store';
import type { CarrierLine } from '../telephony';
import type { SpeechRecognizer } from './speech-recognizer';
import type { StreamingRecognizer } from './streaming-recognizer';
import type { TurnDetection } from './turn-detector';
import type { OutboundFrame } from './twilio-frames';

/** Everything a live call's loop talks to, passed in (no env reads below this folder's entry). */
export interface ConversationDeps {
  db: Db;
  store: Store;
  clock: Clock;
  speech: SpeechEngine;
  brain: AgentBrain;
  recognizer: SpeechRecognizer;
  /** Streaming recognition; null or unset: whole turns through `recognizer`. */
  streaming?: StreamingRecognizer | null;
  /** Ends the callee's turns; the energy detector of turn-detector.ts unless given. */
  turnDetector?: (options: { silenceMs: number; minSilenceMs: number }) => TurnDetection;
  carrier: CarrierLine;
  settings: {
    urlSigningKey: string;
    /** Silence that ends the callee's turn, unless the call sets its own end_of_turn window. */
    silenceMs: number;
  };
}

/** The media stream's socket as the loop sees it. */
export interface StreamTransport {
  send(frame: OutboundFrame): void;
  close(code: number, reason: string): void;
}
