import type { Crm } from '../crm';
import type { ContactMessage } from './types';

/** Sends the enquiry to the CRM; an outage is logged, never surfaced to the caller. */
export async function forwardContact(crm: Crm, contact: ContactMessage): Promise<boolean> {
  try {
    await crm.upsertContact({
      email: contact.email,
      properties: { firstname: contact.name, company: contact.company, message: contact.message },
      source: 'contact',
    });
    return true;
  } catch (error) {
    console.error(`contact ${contact.email}: crm push failed:`, error);
    return false;
  }
}
