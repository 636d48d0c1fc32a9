export * from './types';
export { createWebhookSender, getWebhookSender } from './get-webhook-sender';
export { WEBHOOK_OUTBOX_KEY, type WebhookOutboxEntry } from './outbox-webhook-sender';
