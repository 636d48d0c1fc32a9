import type { AgentBrain } from '../agent';
import type { Db, schema } from '../db';
import type { Clock } from '../runtime/clock';
import type { SpeechEngine } from '../speech';
import type { Store } from '../store';
import type { CallProvider } from '../telephony';
import type { WebhookSender } from '../webhooks';

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
}

/** The provider's state of a call between steps, kept on the call row. */
export interface LineState {
  /** carrier: a real call, advanced by the carrier's callbacks and its media stream. */
  phase: 'failing' | 'talking' | 'ending' | 'carrier';
  /** Next transcript position. */
  seq: number;
  errorMessage?: string;
  greeting?: string;
  endedBy?: 'ASSISTANT' | 'USER' | 'MAX_DURATION';
  /** The furthest carrier status applied (a late `ringing` never undoes `in-progress`). */
  carrierStatus?: string;
  /** Consecutive failed attempts at the current step. */
  failures?: number;
}

export type CallEndedBy = 'ASSISTANT' | 'USER' | 'API' | 'MAX_DURATION' | 'SYSTEM';
