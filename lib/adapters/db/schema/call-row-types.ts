// The JSON kept in a call row's typed columns (line state, transfer, retry, voicemail, speech)
// and who ended the call: the shapes of `calls`, apart from the table itself.
/** Who or what ended a call (the API's `call_ended_by`). */
export type CallEndedBy = 'ASSISTANT' | 'USER' | 'API' | 'MAX_DURATION' | 'SYSTEM' | 'TRANSFER';

/** Where the agent may hand the caller (POST /v1/calls transfer_*): a number, labelled ones, how. */
export interface TransferSettings {
  /** transfer_phone_number: the default target. */
  number: string | null;
  /** transfer_list: { label: E.164 }. */
  list: Record<string, string>;
  mode: 'cold' | 'warm';
}

/** The sandbox line between steps: the stepper plays it line by line. */
export interface SandboxLineState {
  line: 'sandbox';
  phase: 'failing' | 'talking' | 'ending';
  /** Next transcript position. */
  seq: number;
  errorMessage?: string;
  greeting?: string;
  endedBy?: 'ASSISTANT' | 'USER' | 'MAX_DURATION' | 'TRANSFER';
  /** Consecutive failed attempts at the current step. */
  failures?: number;
  /** The action the agent called after its last line: run on the next step. */
  pendingAction?: { name: string; input: unknown };
  /** What the model read for each agent-action line (by transcript seq): the action's result. */
  actionResults?: Record<string, string>;
}

/** Why we asked the carrier to hang up, for its final callback to end the call with. */
export interface PendingEnding {
  endedBy: CallEndedBy;
  errorMessage?: string;
  /** When we asked (epoch ms): the final callback is awaited for a bounded time after it. */
  requestedAt: number;
}

/** A real call: advanced by the carrier's callbacks and its media stream. */
export interface CarrierLineState {
  line: 'carrier';
  /** The furthest carrier status applied (a late `ringing` never undoes `in-progress`). */
  carrierStatus?: string;
  pendingEnding?: PendingEnding;
  /** How long our media stream ran (ms), once it ended: the charge if the carrier goes quiet. */
  streamMs?: number;
  /** Consecutive failed attempts at the overdue step. */
  failures?: number;
  /**
   * A warm transfer's person's leg, a carrier call of its own: billed with the call (see
   * carrier-status.ts). `answeredAt` (epoch ms) estimates its length should the carrier not
   * have its duration yet; `billedMs` is what was charged.
   */
  transferLeg?: { sid: string; answeredAt: number; billedMs?: number };
  /**
   * Warm transfers' legs a person answered but the caller never joined (the move failed, the
   * leg was hung up): each billed with the call, as the carrier bills it (see end-call.ts).
   */
  droppedLegs?: { sid: string; billedMs: number }[];
}

/** The line's state of a call between events, kept on the call row. */
export type LineState = SandboxLineState | CarrierLineState;

/** How a call is dialled again when it ends unanswered (POST /v1/calls retry). */
export interface RetryPolicy {
  max_attempts: number;
  wait_minutes: number;
  on: ('no-answer' | 'busy' | 'voicemail' | 'failed')[];
}

/** What the call does when a machine answers (POST /v1/calls answered_by_enabled and voicemail_*). */
export interface CallVoicemail {
  /** The text to leave, placeholders filled; null: the agent words one. */
  message: string | null;
  action: 'leave_message' | 'hangup' | 'ignore';
}

/** How the call's speech is said and heard (POST /v1/calls speech control fields). */
export interface CallSpeechControl {
  pronunciation?: { word: string; pronunciation: string; caseSensitive: boolean }[];
  keywords?: string[];
  blockInterruptions?: boolean;
  interruptionThresholdMs?: number;
  temperature?: number;
}
