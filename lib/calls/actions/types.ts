import type { AgentAction, AgentActionSpec } from '../../adapters/agent-brain';
import type { CarrierLine, LineTurn } from '../../adapters/telephony';
import type { Db } from '../../adapters/db';
import type { Clock } from '../../platform/runtime/clock';
import type { CallRow } from '../types';
import type { CallRulesDeps } from '../rules';

/**
 * What actions reach beyond the conversation; both loops pass theirs. Tools send requests (the
 * address filter, the key sealing their headers); transfers and key presses act through a live
 * call's carrier, and a transfer number is checked against the calling rules again when dialled.
 */
export interface ActionDeps {
  db: Db;
  clock: Clock;
  /** Private addresses a tool's URL may still reach (WEBHOOK_ALLOW_IPS); all others refused. */
  allowIps: string[];
  /**
   * The deployment's secret (URL_SIGNING_KEY): the key sealing tool headers is derived from it,
   * and it signs the token of the media stream press_digits reconnects (stream-token.ts).
   */
  urlSigningKey: string;
  /** The live call's carrier ('carrier' line only). */
  carrier?: CarrierLine;
  /** The deployment's calling rules and the line (rules' provider); unset: not checked again. */
  rules?: Omit<CallRulesDeps, 'db'>;
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
  /** The deployment's services; unset in a bare test surface (actions then say they cannot act). */
  readonly deps?: ActionDeps;
  /**
   * The sandbox step running the action (its transcript seq): a step run again after its worker
   * died finds the tools it already called and does not call them twice. Unset on a live call.
   */
  readonly step?: number;
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
