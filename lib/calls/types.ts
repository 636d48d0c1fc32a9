import type { schema } from '../adapters/db';
import type { Ports } from '../adapters/ports';
import type { RuleSettings } from './rules';
import type { LiveAdmission } from './live-admission';

export type CallRow = typeof schema.calls.$inferSelect;

export interface CallSettings {
  pricePerMinuteMicros: number;
  /** How much faster than real time the simulated line plays. */
  timeScale: number;
  urlSigningKey: string;
  allowIps: string[];
}

/**
 * Fields of a call request the deployment's line cannot honour, field → why: refused at dispatch
 * (call-controls.ts) rather than dropped.
 */
export type LineLimits = Partial<Record<string, string>>;

/** Everything the call service talks to, passed in (no env reads in lib/calls). */
export interface CallDeps extends Pick<
  Ports,
  'db' | 'store' | 'clock' | 'speech' | 'provider' | 'brain'
> {
  /** Post-call webhooks (the ports' `callWebhooks`). */
  webhooks: Ports['callWebhooks'];
  settings: CallSettings;
  /**
   * The deployment's calling rules, checked at dispatch and at every dial (lib/calls/rules).
   * Always set in a running service (getCallDeps); absent only in tests of other call machinery.
   */
  rules?: RuleSettings;
  /** This instance's live-call admission (LIVE_CALL_CAPACITY); unset: every call is dialled. */
  admission?: LiveAdmission;
  /** Fields this deployment's line cannot honour, refused at dispatch (call-controls.ts). */
  lineLimits?: LineLimits;
}

// Stored in a column, so defined beside its table (the schema never imports the domain).
export type {
  CallEndedBy,
  CallSpeechControl,
  CallVoicemail,
  CarrierLineState,
  LineState,
  PendingEnding,
  RetryPolicy,
  SandboxLineState,
} from '../adapters/db/schema/call-row-types';
