import { getBotCheck } from '../botcheck';
import { getCms } from '../cms';
import { getCrm } from '../crm';
import { getSpeechEngine } from '../speech';
import { getStore } from '../store';
import { getWebhookSender } from '../webhooks';

export type PortName = 'store' | 'cms' | 'crm' | 'botcheck' | 'webhooks' | 'speech';

/** Which adapter each port uses, one line each, for the start-up log. */
export function describePorts(): Record<PortName, string> {
  return {
    store: getStore().description,
    cms: getCms().description,
    crm: getCrm().description,
    botcheck: getBotCheck().description,
    webhooks: getWebhookSender().description,
    // Describing the engine starts no worker: they start on the first synthesis.
    speech: getSpeechEngine().description,
  };
}
