/** One signed POST to a receiver: the Standard Webhooks `webhook-id`, event type and data. */
export interface WebhookDelivery {
  /** Stable per event and receiver, so a receiver can drop a repeated delivery. */
  id: string;
  url: string;
  type: string;
  data: Record<string, unknown>;
}

export interface WebhookSender {
  readonly kind: 'http' | 'outbox';
  readonly description: string;
  /** Resolves once the receiver answered 2xx; rejects with WebhookError otherwise. */
  send(delivery: WebhookDelivery): Promise<void>;
}

export class WebhookError extends Error {
  override name = 'WebhookError';
}
