import type { z } from 'zod';
import type { LeadWebhookEvent } from '@/schemas/leads';
import { buildCrmContact } from './build-crm-contact';
import type { LeadDeps, StoredLead } from './types';

/** One place a stored lead goes; `push` is absent when there is nothing to send (skipped). */
export interface LeadTarget {
  name: string;
  push?: () => Promise<unknown>;
}

export const LEAD_WEBHOOK_TYPE: z.infer<typeof LeadWebhookEvent>['type'] = 'lead.submitted';

/**
 * The CRM, then each destination the form had when the lead was stored. A webhook's id is
 * stable per lead and receiver, so a receiver can drop a delivery it has already seen.
 */
export function leadTargets(deps: LeadDeps, lead: StoredLead): LeadTarget[] {
  const contact = buildCrmContact(lead);
  const crm: LeadTarget = contact
    ? { name: 'crm', push: () => deps.crm.upsertContact(contact) }
    : { name: 'crm' };
  const data: z.infer<typeof LeadWebhookEvent>['data'] = {
    submissionId: lead.id,
    formSlug: lead.formSlug,
    values: lead.values,
    attribution: lead.attribution,
    createdAt: lead.createdAt,
  };
  const destinations = (lead.destinations ?? []).map((destination): LeadTarget => ({
    name: `destination:${destination.key}`,
    push: () =>
      deps.webhooks.send({
        id: `${lead.id}.${destination.key}`,
        url: destination.url,
        type: LEAD_WEBHOOK_TYPE,
        data,
      }),
  }));
  return [crm, ...destinations];
}
