import type { AgentBrain } from '../adapters/agent-brain';
import type { Db, schema } from '../adapters/db';
import type { Clock } from '../platform/runtime/clock';
import type { SpeechEngine } from '../adapters/speech-engine';
import type { Store } from '../adapters/store';
import type { CallProvider } from '../adapters/telephony';
import type { WebhookSender } from '../adapters/webhooks';
import type { RuleSettings } from './rules';

export type CallRow = typeof schema.calls.$inferSelect;

export interface CallSettings {
  pricePerMinuteMicros: number;
  /** How much faster than real time the simulated line plays. */
  timeScale: number;
  urlSigningKey: string;
  allowIps: string[];
}

/** Everything the call service talks to, passed in (no env reads in lib/calls). */
export interface CallDeps {
  db: Db;
  store: Store;
  clock: Clock;
  speech: SpeechEngine;
  provider: CallProvider;
  brain: AgentBrain;
  webhooks: WebhookSender;
  settings: CallSettings;
  /**
   * The deployment's calling rules, checked at dispatch and at every dial (lib/calls/rules).
   * Always set in a running service (getCallDeps); absent only in tests of other call machinery.
   */
  rules?: RuleSettings;
}

// Stored in a column, so defined beside its table (the schema never imports the domain).
export type {
  CallEndedBy,
  CarrierLineState,
  LineState,
  PendingEnding,
  SandboxLineState,
} from '../adapters/db/schema/calls';
