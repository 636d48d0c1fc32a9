import { randomUUID } from 'node:crypto';
import type { Store } from '../store';
import type { Crm, CrmContact, CrmResult } from './types';

export const OUTBOX_KEY = 'crm:outbox';
const OUTBOX_MAX = 1000;

export interface OutboxEntry extends CrmContact {
  id: string;
  at: string;
}

/** No CRM account: what would have been sent is kept in the store and logged. */
export class OutboxCrm implements Crm {
  readonly kind = 'outbox' as const;
  readonly description = `outbox (store list "${OUTBOX_KEY}", newest ${OUTBOX_MAX} kept)`;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async upsertContact(contact: CrmContact): Promise<CrmResult> {
    const entry: OutboxEntry = { ...contact, id: randomUUID(), at: this.now().toISOString() };
    await this.store.listPush(OUTBOX_KEY, [JSON.stringify(entry)], { maxLength: OUTBOX_MAX });
    console.info(`crm outbox: ${contact.source} contact ${contact.email} (${entry.id})`);
    return { id: entry.id };
  }

  async list(): Promise<OutboxEntry[]> {
    const raw = await this.store.listRange(OUTBOX_KEY, 0, -1);
    return raw.map((line) => JSON.parse(line) as OutboxEntry);
  }

  ping(): Promise<void> {
    return this.store.ping();
  }
}
