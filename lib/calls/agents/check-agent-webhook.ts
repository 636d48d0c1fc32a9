import { checkWebhookUrl } from '../../adapters/webhooks/check-webhook-url';
import { ApiError } from '../../platform/errors/api-error';
import type { AgentSettings } from './agent-settings';

/** A saved webhook passes the same address checks as a call's own (400 naming `webhook`). */
export async function checkAgentWebhook(settings: AgentSettings, allowIps: string[]) {
  const webhook = settings.webhook;
  if (typeof webhook !== 'string' || webhook === '') return;
  const verdict = await checkWebhookUrl(webhook, allowIps);
  if (!verdict.ok) {
    throw new ApiError('INVALID_BODY', { message: `webhook: ${verdict.reason}`, field: 'webhook' });
  }
}
