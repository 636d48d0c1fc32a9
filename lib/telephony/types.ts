/** How dialing a number ended up, before anyone speaks. */
export type ConnectOutcome =
  | { kind: 'human'; ringMs: number }
  | { kind: 'voicemail'; ringMs: number; greeting: string }
  | { kind: 'failed'; ringMs: number; answeredBy: 'no-answer' | null; errorMessage: string };

export interface LineTurn {
  user: 'assistant' | 'user';
  text: string;
}

/** The telephony port: places the call and speaks for the far end of the line. */
export interface CallProvider {
  readonly kind: 'sandbox';
  /** One line for the start-up log. */
  readonly description: string;
  /** Shown on every call record as `endpoint_url`. */
  readonly endpointUrl: string;
  /** The caller id used when a call names none. */
  readonly defaultFrom: string;
  readonly sandbox: boolean;
  connect(toNumber: string): ConnectOutcome;
  /** What the person on the line says next; null hangs up. */
  recipientTurn(context: { callId: string; turns: LineTurn[] }): string | null;
}
