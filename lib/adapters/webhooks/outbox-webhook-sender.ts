import { StoreOutbox, type Store } from '../store';
import type { WebhookDelivery, WebhookResult, WebhookSender } from './types';

export const WEBHOOK_OUTBOX_KEY = 'webhooks:outbox';

export interface WebhookOutboxEntry extends WebhookDelivery {
  at: string;
}

/** No signing secret configured: deliveries are kept in the store and logged, never sent. */
export class OutboxWebhookSender implements WebhookSender {
  readonly kind = 'outbox' as const;
  readonly description: string;
  private readonly outbox: StoreOutbox<WebhookOutboxEntry>;

  constructor(
    store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.outbox = new StoreOutbox(store, WEBHOOK_OUTBOX_KEY);
    this.description = this.outbox.description;
  }

  async send(delivery: WebhookDelivery): Promise<WebhookResult> {
    // Secrets never go to the outbox.
    const { id, url, type, data } = delivery;
    await this.outbox.append({ id, url, type, data, at: this.now().toISOString() });
    console.info(`webhook outbox: ${delivery.type} for ${delivery.url} (${delivery.id})`);
    return { status: 0, ms: 0 };
  }

  list(): Promise<WebhookOutboxEntry[]> {
    return this.outbox.list();
  }
}
