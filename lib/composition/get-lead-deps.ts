import { getBotCheck } from '../adapters/botcheck';
import { getCms } from '../adapters/cms';
import { getConfig } from '../platform/config/config';
import { getCrm } from '../adapters/crm';
import { getStore } from '../adapters/store';
import { getWebhookSender } from '../adapters/webhooks';
import { systemClock, type LeadDeps } from '../site/leads/types';

/** The process's adapters, as chosen once from validated configuration. */
export function getLeadDeps(): LeadDeps {
  return {
    store: getStore(),
    cms: getCms(),
    crm: getCrm(),
    webhooks: getWebhookSender(),
    botCheck: getBotCheck(),
    clock: systemClock,
    privacyHashKey: getConfig().PRIVACY_HASH_KEY,
  };
}
