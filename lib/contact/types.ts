import type { BotCheck } from '../botcheck';
import type { Crm } from '../crm';
import type { Store } from '../store';

/** What the contact service talks to, passed in (no env reads in lib/contact). */
export interface ContactDeps {
  store: Store;
  crm: Crm;
  botCheck: BotCheck;
}

export interface ContactMessage {
  name: string;
  email: string;
  company: string;
  message: string;
}
