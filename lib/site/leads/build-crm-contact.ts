import type { CrmContact } from '../../adapters/crm';
import type { StoredLead } from './types';

/**
 * The CRM contact for a stored lead: keyed by its first email value, with the form's values as
 * properties (field names are the CRM property names; lists joined with `;` as HubSpot expects).
 * Without an email there is nothing to upsert.
 */
export function buildCrmContact(lead: StoredLead): CrmContact | undefined {
  if (!lead.email) return undefined;
  const properties: Record<string, string> = {};
  for (const [name, value] of Object.entries(lead.values)) {
    properties[name] = Array.isArray(value) ? value.join(';') : String(value);
  }
  return { email: lead.email, properties, source: `lead:${lead.formSlug}` };
}
