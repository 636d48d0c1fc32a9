import { getBotCheck } from '../botcheck';
import { getCms } from '../cms';
import { getConfig } from '../config';
import { getCrm } from '../crm';
import { getStore } from '../store';
import { getWebhookSender } from '../webhooks';
import { systemClock, type LeadDeps } from './types';

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
