import type { CallToolInput } from '@/schemas/call-tools';
import { checkWebhookUrl } from '../../adapters/webhooks/check-webhook-url';
import { ApiError } from '../../platform/errors/api-error';
import { checkCallTools } from '../actions';
import { checkCallControls } from '../call-controls';
import { transferSettingsOf, type TransferFields } from '../actions/transfer-settings';
import type { AgentSettings } from './agent-settings';
import type { AgentCallSettings } from './call-agent';

/** A saved webhook passes the same address checks as a call's own (400 naming `webhook`). */
export async function checkAgentWebhook(settings: AgentSettings, allowIps: string[]) {
  const webhook = settings.webhook;
  if (typeof webhook !== 'string' || webhook === '') return;
  const verdict = await checkWebhookUrl(webhook, allowIps);
  if (!verdict.ok) {
    throw new ApiError('INVALID_BODY', { message: `webhook: ${verdict.reason}`, field: 'webhook' });
  }
}

/**
 * The checks a call would make of these settings beyond their shape, so an agent saved is one a
 * call can use (400 naming the field): the webhook's and tools' addresses, the tools' schemas,
 * voicemail fields only with detection, a transfer mode only with a number. What depends on the
 * line or the calling rules (keywords, transfer numbers) is checked again at each call.
 */
export async function checkAgentSettings(settings: AgentSettings, allowIps: string[]) {
  await checkAgentWebhook(settings, allowIps);
  const fields = settings as AgentCallSettings;
  checkCallControls(fields);
  const transfer = settings as TransferFields;
  if (transfer.transfer_mode && !transferSettingsOf(transfer)) {
    throw new ApiError('INVALID_BODY', {
      message: 'transfer_mode: set transfer_phone_number or transfer_list to transfer to.',
      field: 'transfer_mode',
    });
  }
  // Saved tools keep their URLs and schemas as sent; only the headers are sealed.
  await checkCallTools(settings.tools as CallToolInput[] | undefined, allowIps);
}
