import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { getStore, type Store } from '../store';
import { HttpWebhookSender } from './http-webhook-sender';
import { OutboxWebhookSender } from './outbox-webhook-sender';
import type { WebhookSender } from './types';

export function createWebhookSender(config: Config, store: Store): WebhookSender {
  if (config.LEAD_WEBHOOK_SECRET) {
    return new HttpWebhookSender({
      secret: config.LEAD_WEBHOOK_SECRET,
      allowIps: config.WEBHOOK_ALLOW_IPS,
    });
  }
  return new OutboxWebhookSender(store);
}

export function getWebhookSender(): WebhookSender {
  return singleton('webhooks', () => createWebhookSender(getConfig(), getStore()));
}

/** Post-call webhooks: always real HTTP, signed with each organization's own secret. */
export function getCallWebhookSender(): WebhookSender {
  return singleton('call-webhooks', () => {
    const config = getConfig();
    return new HttpWebhookSender({ allowIps: config.WEBHOOK_ALLOW_IPS });
  });
}
