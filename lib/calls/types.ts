import type { AutoTopUpDeps } from '../billing/auto-top-up/types';
import type { AgentBrain } from '../agent';
import type { Db, schema } from '../db';
import type { Clock } from '../runtime/clock';
import type { SpeechEngine } from '../speech';
import type { Store } from '../store';
import type { CallProvider } from '../telephony';
import type { WebhookSender } from '../webhooks';
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
  /** Auto top-ups and low-balance mail, run by the same scheduler; absent in call-only tests. */
  billing?: AutoTopUpDeps;
}

// Stored in a column, so defined beside its table (the schema never imports the domain).
export type {
  CallEndedBy,
  CarrierLineState,
  LineState,
  PendingEnding,
  SandboxLineState,
} from '../db/schema/calls';
