/** How dialing a number ended up, before anyone speaks. */
export type ConnectOutcome =
  | { kind: 'human'; ringMs: number }
  | { kind: 'voicemail'; ringMs: number; greeting: string }
  | { kind: 'failed'; ringMs: number; answeredBy: 'no-answer' | null; errorMessage: string };

export interface LineTurn {
  /** `agent-action`: what the agent did (a tool's call and answer, digits pressed, a transfer). */
  user: 'assistant' | 'user' | 'agent-action';
  text: string;
}

interface LineBase {
  /** One line for the start-up log. */
  readonly description: string;
  /** Shown on every call record as `endpoint_url`. */
  readonly endpointUrl: string;
  /** The caller id used when a call names none. */
  readonly defaultFrom: string;
  readonly sandbox: boolean;
}

/** The simulated line: places nothing and speaks for the far end itself. */
export interface SandboxLine extends LineBase {
  readonly kind: 'sandbox';
  connect(toNumber: string): ConnectOutcome;
  /**
   * What the person on the line says next (`toNumber` picks a test number's script; `inbound`:
   * the person rang us, with a question of their own); null hangs up.
   */
  recipientTurn(context: {
    callId: string;
    toNumber?: string;
    inbound?: boolean;
    turns: LineTurn[];
  }): string | null;
}

/** What placing a real call needs. */
export interface PlaceCallRequest {
  callId: string;
  to: string;
  from: string;
  /** Seconds; the carrier hangs up after this long on its own. */
  timeLimitS: number;
  /** Signed, expiring token the media stream's `start` frame must carry back. */
  streamToken: string;
  /** Ask for machine detection (answered_by_enabled): its verdict comes by callback. */
  machineDetection: boolean;
}

/** What a number search asks the carrier for (POST /v1/numbers). */
export interface NumberSearch {
  /** ISO 3166 alpha-2, upper case. */
  country: string;
  areaCode?: string;
  /** Digits the number must contain. */
  contains?: string;
}

/** A number held in the carrier account, its voice URL and status callback pointing at us. */
export interface CarrierNumber {
  number: string;
  carrierSid: string;
}

/** A real phone network: calls are placed over its REST API and talk over its media stream. */
export interface CarrierLine extends LineBase {
  readonly kind: 'twilio';
  /** Our public origin as the carrier reaches it (signatures are computed over it). */
  readonly publicApiUrl: string;
  placeCall(request: PlaceCallRequest): Promise<{ carrierCallSid: string }>;
  /** Ends a live call (idempotent at the carrier: a finished call stays finished). */
  hangUp(carrierCallSid: string): Promise<void>;
  /** Searches available numbers and buys the first, pointed at us; null when none matches. */
  buyNumber(search: NumberSearch): Promise<CarrierNumber | null>;
  /** Points a number already in the account at us; null when the account has no such number. */
  importNumber(number: string): Promise<CarrierNumber | null>;
  /** Gives a bought number back to the carrier (the account stops paying for it). */
  releaseNumber(carrierSid: string): Promise<void>;
  /** Checks `X-Twilio-Signature` over the full URL and the form parameters (none for a GET). */
  validSignature(signature: string | null, url: string, params: Record<string, string>): boolean;
  // What a call can do besides talking (issue 33). Optional: a line without one refuses the
  // request fields that need it at dispatch (transfer_*), or the action says it cannot.
  /** Cold transfer: the live call dials `to` (its media stream, the agent, ends). */
  dialOver?(carrierCallSid: string, request: DialOverRequest): Promise<void>;
  /** Warm transfer: rings the person, says `whisper` when they answer, holds them in `room`. */
  callIntoConference?(request: ConferenceLegRequest): Promise<{ carrierCallSid: string }>;
  /** Where another leg (the warm transfer's person) stands. */
  legStatus?(carrierCallSid: string): Promise<LegStatus>;
  /** Seconds the carrier bills for another leg once it ended; null while it is still up. */
  legBilledSeconds?(carrierCallSid: string): Promise<number | null>;
  /** Moves the live call into `room` (its media stream, the agent, ends). */
  joinConference?(carrierCallSid: string, room: string): Promise<void>;
  /** Plays `digits` (0-9 * #, w: half a second) to the far end, then reconnects the stream. */
  sendDigits?(carrierCallSid: string, digits: string, resume: StreamResume): Promise<void>;
}

export interface DialOverRequest {
  to: string;
  /** The caller id the person sees: the call's own number. */
  callerId: string;
  /** Seconds the bridged call may still last (the call's max_duration bounds it). */
  timeLimitS: number;
}

export interface ConferenceLegRequest {
  room: string;
  to: string;
  from: string;
  /** Said to the person when they answer, before they meet the caller. */
  whisper: string;
  /** Seconds the person's phone rings before the leg gives up. */
  ringTimeoutS: number;
  timeLimitS: number;
}

/** A leg's state: `answered` (in progress), still `ringing`, or it ended without (or after) an answer. */
export type LegStatus = 'ringing' | 'answered' | 'unanswered' | 'ended';

/** What the resumed media stream's TwiML carries back, as on the first (stream-token.ts). */
export interface StreamResume {
  callId: string;
  streamToken: string;
}

/** The telephony port: the sandbox line or a carrier. */
export type CallProvider = SandboxLine | CarrierLine;

/** The carrier behind the port, or null on the sandbox line (which has no live calls). */
export const carrierLineOf = (provider: CallProvider): CarrierLine | null =>
  provider.kind === 'twilio' ? provider : null;
