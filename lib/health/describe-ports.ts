import { getBotCheck } from '../botcheck';
import { getCms } from '../cms';
import { getCrm } from '../crm';
import { getStore } from '../store';
import { getWebhookSender } from '../webhooks';

export type PortName = 'store' | 'cms' | 'crm' | 'botcheck' | 'webhooks';

/** Which adapter each port uses, one line each, for the start-up log. */
export function describePorts(): Record<PortName, string> {
  return {
    store: getStore().description,
    cms: getCms().description,
    crm: getCrm().description,
    botcheck: getBotCheck().description,
    webhooks: getWebhookSender().description,
  };
}
