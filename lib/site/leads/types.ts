import type { Ports } from '../../adapters/ports';
import type { CleanAttribution } from './clean-attribution';
import type { LeadDestination } from './lead-form';
import type { CleanValues } from './validate-lead-values';

export { systemClock, type Clock } from '../../platform/runtime/clock';

/** Everything the lead service talks to, passed in (no env reads in lib/site/leads). */
export interface LeadDeps extends Pick<Ports, 'store' | 'cms' | 'crm' | 'botCheck' | 'clock'> {
  /** Sends the signed webhooks of a form's `destinations` (the ports' `leadWebhooks`). */
  webhooks: Ports['leadWebhooks'];
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
  /** The form's webhook receivers when it was submitted (later edits do not re-route it). */
  destinations?: LeadDestination[];
}

/** Where a lead is pushed: `crm`, or `destination:<key>` per webhook receiver of its form. */
export type TargetStatus = 'synced' | 'failed' | 'skipped';

export interface LeadSyncState {
  /** Over all targets: synced once each is synced or skipped, failed while one is not. */
  syncStatus: SyncStatus;
  /** Targets tried so far; a retry pushes only those not synced yet. */
  targets: Record<string, TargetStatus>;
  attempts: number;
  /** Epoch ms before which the cron leaves it alone (backoff). */
  nextAttemptAt: number;
  lastError?: string;
  syncedAt?: string;
}
