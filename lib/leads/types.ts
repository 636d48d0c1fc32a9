import type { BotCheck } from '../botcheck';
import type { Cms } from '../cms';
import type { Crm } from '../crm';
import type { Store } from '../store';
import type { CleanAttribution } from './clean-attribution';
import type { CleanValues } from './validate-lead-values';

/** Time as the lead service sees it; tests pass a fake one. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Everything the lead service talks to, passed in (no env reads in lib/leads). */
export interface LeadDeps {
  store: Store;
  cms: Cms;
  crm: Crm;
  botCheck: BotCheck;
  clock: Clock;
  /** HMAC key for deletion-request email hashes. */
  privacyHashKey: string;
}

export type SyncStatus = 'pending' | 'synced' | 'failed' | 'skipped';

/** A stored submission, as kept in the store and listed by the admin route. */
export interface StoredLead {
  id: string;
  formSlug: string;
  values: CleanValues;
  /** The first email field's value: the CRM contact key. */
  email: string | null;
  attribution: CleanAttribution;
  eventId: string | null;
  ip: string;
  createdAt: string;
  crm?: Record<string, unknown>;
}

export interface LeadSyncState {
  syncStatus: SyncStatus;
  attempts: number;
  /** Epoch ms before which the cron leaves it alone (backoff). */
  nextAttemptAt: number;
  lastError?: string;
  syncedAt?: string;
}
