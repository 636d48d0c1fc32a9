import type { LeadDeps } from '../leads/types';

/** What the contact service talks to, passed in (no env reads in lib/site/contact). */
export type ContactDeps = Pick<LeadDeps, 'store' | 'botCheck' | 'clock' | 'privacyHashKey'>;

export interface ContactMessage {
  name: string;
  email: string;
  company: string;
  message: string;
}
