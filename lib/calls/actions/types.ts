import type { AgentAction, AgentActionSpec } from '../../adapters/agent-brain';
import type { CarrierLine, LineTurn } from '../../adapters/telephony';
import type { Db } from '../../adapters/db';
import type { Clock } from '../../platform/runtime/clock';
import type { CallRow } from '../types';
import type { CallRulesDeps } from '../rules';

/** What the call's own tools need beyond the surface: both loops pass theirs. */
export interface ActionDeps {
  db: Db;
  clock: Clock;
  /** Private addresses a tool's URL may still reach (WEBHOOK_ALLOW_IPS); all others refused. */
  allowIps: string[];
  /** The deployment's secret (URL_SIGNING_KEY) the key sealing tool headers is derived from. */
  urlSigningKey: string;
}

/**
 * What an action can see and do on the call it runs on. The live loop (carrier calls) and the
 * sandbox stepper each build one, so every action works on both lines.
 */
export interface ActionSurface {
  readonly call: CallRow;
  /** 'sandbox': the simulated line (lib/calls/lifecycle/call-step.ts); 'carrier': a live call. */
  readonly line: 'sandbox' | 'carrier';
  /** The transcript so far, both sides (a warm transfer's summary reads it). */
  readonly turns: readonly LineTurn[];
  /** Aborted when the call's stream ends: stop waiting. */
  readonly signal: AbortSignal;
  /** Says a fixed line now, outside the model's replies (a tool's filler, "connecting you"). */
  say(text: string): Promise<void>;
  /** The deployment's services (the tools action needs them); unset in a bare test surface. */
  readonly deps?: ActionDeps;
  /**
   * What transfer_call and press_digits reach beyond the conversation (helper B): the call's
   * database and clock (the transfer is noted on the row; a warm transfer waits on the clock),
   * and on a live call its carrier and the key that signs the resumed media stream's token.
   * Unset: those actions answer that they cannot act on this line.
   */
  readonly line_deps?: ActionLineDeps;
}

export interface ActionLineDeps {
  db: Db;
  clock: Clock;
  /** The live call's carrier ('carrier' line only). */
  carrier?: CarrierLine;
  /** Signs the token of the media stream press_digits reconnects (stream-token.ts). */
  urlSigningKey?: string;
  /**
   * The deployment's calling rules and the line (rules' provider): set, a transfer number is
   * checked again when dialled (a do-not-call listing since dispatch refuses it).
   */
  rules?: Omit<CallRulesDeps, 'db'>;
}

/** How running an action went, for the transcript and for the model's next reply. */
export interface ActionOutcome {
  /** The transcript line (`user: agent-action`): "pressed 1", "book_slot: ok (200)". */
  line: string;
  /** What the model reads on its next reply: the tool's answer, "the transfer was not answered". */
  result: string;
  /** reply (default): the agent speaks next; leave: the agent is off the call (transferred); hangup. */
  next?: 'reply' | 'leave' | 'hangup';
}

/** One kind of action (the call's tools, transfer_call, press_digits). */
export interface CallAction {
  /** The functions it offers the model on `call`; [] when the call does not enable it. */
  specs(call: CallRow): AgentActionSpec[];
  run(action: AgentAction, surface: ActionSurface): Promise<ActionOutcome>;
}
