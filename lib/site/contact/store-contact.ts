import { randomUUID } from 'node:crypto';
import { ApiError } from '../../platform/errors/api-error';
import { hashEmail } from '../leads/hash-email';
import { leadKeys } from '../leads/keys';
import { newLeadWrites, PENDING_GRACE_MS } from '../leads/new-lead-writes';
import type { StoredLead } from '../leads/types';
import type { ContactDeps, ContactMessage } from './types';

/** Enquiries are listed and synced as the submissions of this reserved form slug. */
export const CONTACT_FORM_SLUG = 'contact';

/**
 * Stores an enquiry before the caller hears "success", as a lead of the reserved `contact`
 * form, so the lead sync (after() and the cron) pushes it to the CRM with retries: a CRM outage
 * delays it, never loses it. Values are keyed by CRM property (the name is `firstname`).
 */
export async function storeContact(
  deps: ContactDeps,
  contact: ContactMessage,
  ip: string,
): Promise<string> {
  const now = deps.clock.now();
  const lead: StoredLead = {
    id: randomUUID(),
    formSlug: CONTACT_FORM_SLUG,
    values: { firstname: contact.name, company: contact.company, message: contact.message },
    email: contact.email,
    attribution: {},
    eventId: null,
    ip,
    createdAt: new Date(now).toISOString(),
  };
  try {
    await deps.store.setIfAbsent(leadKeys.submission(lead.id), JSON.stringify(lead), {
      also: newLeadWrites(lead, now + PENDING_GRACE_MS, [
        hashEmail(contact.email, deps.privacyHashKey),
      ]),
    });
  } catch (error) {
    throw new ApiError('CONTACT_INTERNAL_ERROR', { cause: error });
  }
  return lead.id;
}
