import type { Store } from '../../adapters/store';
import { leadKeys } from './keys';
import { readSyncState } from './sync-state';
import type { LeadSyncState, StoredLead } from './types';

const MAX_LISTED = 500;

/** The newest stored submissions of one form with their sync state, newest first. */
export async function listLeads(
  store: Store,
  formSlug: string,
): Promise<(StoredLead & { sync: LeadSyncState | null })[]> {
  const ids = (await store.listRange(leadKeys.byForm(formSlug), -MAX_LISTED, -1)).reverse();
  const leads = await Promise.all(
    ids.map(async (id) => {
      const [raw, sync] = await Promise.all([
        store.get(leadKeys.submission(id)),
        store.hashGetAll(leadKeys.sync(id)),
      ]);
      return raw ? { ...(JSON.parse(raw) as StoredLead), sync: readSyncState(sync) ?? null } : null;
    }),
  );
  return leads.filter((lead) => lead !== null);
}
