/** What we send to the CRM: one contact, keyed by email, with flat string properties. */
export interface CrmContact {
  email: string;
  /** CRM property name → value; empty strings are sent as empty strings. */
  properties: Record<string, string>;
  /** Where it came from, for the outbox and logs. */
  source: string;
}

export interface CrmResult {
  /** The CRM's id for the contact (the outbox entry id for the outbox). */
  id: string;
}

export interface Crm {
  readonly kind: 'hubspot' | 'outbox';
  readonly description: string;
  upsertContact(contact: CrmContact): Promise<CrmResult>;
  ping(): Promise<void>;
}

export class CrmError extends Error {
  override name = 'CrmError';
}
