import { randomUUID } from 'node:crypto';
import { StoreOutbox, type Store } from '../store';
import type { Crm, CrmContact, CrmResult } from './types';

export const OUTBOX_KEY = 'crm:outbox';

export interface OutboxEntry extends CrmContact {
  id: string;
  at: string;
}

/** No CRM account: what would have been sent is kept in the store and logged. */
export class OutboxCrm implements Crm {
  readonly kind = 'outbox' as const;
  readonly description: string;
  private readonly outbox: StoreOutbox<OutboxEntry>;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.outbox = new StoreOutbox(store, OUTBOX_KEY);
    this.description = this.outbox.description;
  }

  async upsertContact(contact: CrmContact): Promise<CrmResult> {
    const entry: OutboxEntry = { ...contact, id: randomUUID(), at: this.now().toISOString() };
    await this.outbox.append(entry);
    console.info(`crm outbox: ${contact.source} contact ${contact.email} (${entry.id})`);
    return { id: entry.id };
  }

  list(): Promise<OutboxEntry[]> {
    return this.outbox.list();
  }

  ping(): Promise<void> {
    return this.store.ping();
  }
}
