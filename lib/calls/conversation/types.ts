import type { Ports } from '../../adapters/ports';
import type { CarrierLine } from '../../adapters/telephony';
import type { SpeechRecognizer } from '../../adapters/recognizers/speech-recognizer';
import type { StreamingRecognizer } from '../../adapters/recognizers/streaming-recognizer';
import type { TurnDetection } from './turn-detector';
import type { OutboundFrame } from './twilio-frames';
import type { CallRulesDeps, RuleSettings } from '../rules';
import type { LiveAdmission } from '../live-admission';

/** Everything a live call's loop talks to, passed in (no env reads below this folder's entry). */
export interface ConversationDeps extends Pick<
  Ports,
  'db' | 'store' | 'clock' | 'speech' | 'brain'
> {
  /** Whole-turn recognition: a live call needs one (the ports' may be null). */
  recognizer: SpeechRecognizer;
  /** Streaming recognition; null or unset: whole turns through `recognizer`. */
  streaming?: StreamingRecognizer | null;
  /** Ends the callee's turns; the energy detector of turn-detector.ts unless given. */
  turnDetector?: (options: { silenceMs: number; minSilenceMs: number }) => TurnDetection;
  carrier: CarrierLine;
  /** Told when the call's stream opens and closes here: the instance's live calls. */
  admission?: Pick<LiveAdmission, 'opened' | 'closed'>;
  /** The deployment's calling rules: the disclosures of the agent's first line. Unset: none. */
  rules?: Pick<RuleSettings, 'consentCountries'>;
  /** The whole rules and the line, for a transfer number checked again when dialled. */
  lineRules?: Omit<CallRulesDeps, 'db'>;
  settings: {
    urlSigningKey: string;
    /** Silence that ends the callee's turn, unless the call sets its own end_of_turn window. */
    silenceMs: number;
    /** Private addresses the call's tools may still reach (WEBHOOK_ALLOW_IPS); unset: none. */
    allowIps?: string[];
  };
}

/** The media stream's socket as the loop sees it. */
export interface StreamTransport {
  send(frame: OutboundFrame): void;
  close(code: number, reason: string): void;
}
