/** One signed POST to a receiver: the Standard Webhooks `webhook-id`, event type and data. */
export interface WebhookDelivery {
  /** Stable per event and receiver, so a receiver can drop a repeated delivery. */
  id: string;
  url: string;
  type: string;
  data: Record<string, unknown>;
  /** Signs with this secret instead of the sender's own (each organization has its own). */
  secret?: string;
  /** Milliseconds to wait for the receiver (default 10 s). */
  timeoutMs?: number;
}

/** What the receiver did with one attempt. */
export interface WebhookResult {
  status: number;
  ms: number;
}

export interface WebhookSender {
  readonly kind: 'http' | 'outbox';
  readonly description: string;
  /** Resolves once the receiver answered 2xx; rejects with WebhookError otherwise. */
  send(delivery: WebhookDelivery): Promise<WebhookResult>;
}

export class WebhookError extends Error {
  override name = 'WebhookError';
  constructor(
    message: string,
    /** The receiver's HTTP status, when it answered at all. */
    readonly status?: number,
    readonly ms?: number,
  ) {
    super(message);
  }
}
