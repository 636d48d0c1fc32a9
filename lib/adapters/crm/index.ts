export type { Crm, CrmContact, CrmResult } from './types';
export { CrmError } from './types';
export { getCrm, createCrm } from './get-crm';
export { HubspotCrm } from './hubspot-crm';
export { OutboxCrm, OUTBOX_KEY, type OutboxEntry } from './outbox-crm';
