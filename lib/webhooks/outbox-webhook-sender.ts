import type { Store } from '../store';
import type { WebhookDelivery, WebhookSender } from './types';

export const WEBHOOK_OUTBOX_KEY = 'webhooks:outbox';
const OUTBOX_MAX = 1000;

export interface WebhookOutboxEntry extends WebhookDelivery {
  at: string;
}

/** No signing secret configured: deliveries are kept in the store and logged, never sent. */
export class OutboxWebhookSender implements WebhookSender {
  readonly kind = 'outbox' as const;
  readonly description = `outbox (store list "${WEBHOOK_OUTBOX_KEY}", newest ${OUTBOX_MAX} kept)`;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(delivery: WebhookDelivery): Promise<void> {
    const entry: WebhookOutboxEntry = { ...delivery, at: this.now().toISOString() };
    await this.store.listPush(WEBHOOK_OUTBOX_KEY, [JSON.stringify(entry)], {
      maxLength: OUTBOX_MAX,
    });
    console.info(`webhook outbox: ${delivery.type} for ${delivery.url} (${delivery.id})`);
  }
}
