import type { StoreWrite } from '../../adapters/store';
import { leadKeys } from './keys';
import { syncFields } from './sync-state';
import type { StoredLead } from './types';

/** Lets the after() push go first; the cron picks a pending lead up only after this. */
export const PENDING_GRACE_MS = 60_000;

/**
 * What storing a new submission writes beside the submission itself: its pending sync state and
 * the indexes the admin listing and the sync cron walk. Callers apply them in one atomic step
 * with the submission, so a lead is either fully stored and due for sync, or not stored at all.
 */
export function newLeadWrites(
  lead: StoredLead,
  firstSyncDueAt: number,
  emailHashes: string[],
): StoreWrite[] {
  return [
    {
      type: 'hset',
      key: leadKeys.sync(lead.id),
      fields: syncFields({
        syncStatus: 'pending',
        targets: {},
        attempts: 0,
        nextAttemptAt: firstSyncDueAt,
      }),
    },
    { type: 'push', key: leadKeys.byForm(lead.formSlug), value: lead.id },
    { type: 'push', key: leadKeys.all, value: lead.id },
    ...[...new Set(emailHashes)].map((hash): StoreWrite => ({
      type: 'push',
      key: leadKeys.byEmail(hash),
      value: lead.id,
    })),
  ];
}
