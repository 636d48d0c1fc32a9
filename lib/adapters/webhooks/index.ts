export * from './types';
export { createWebhookSender, getCallWebhookSender, getWebhookSender } from './get-webhook-sender';
export { checkWebhookUrl, blockedAddressReason } from './check-webhook-url';
export { WEBHOOK_OUTBOX_KEY, type WebhookOutboxEntry } from './outbox-webhook-sender';
export {
  sendToolRequest,
  ToolRefused,
  type ToolAnswer,
  type ToolRequest,
} from './http-tool-request';
