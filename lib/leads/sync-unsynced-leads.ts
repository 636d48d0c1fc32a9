import { leadKeys } from './keys';
import { readSyncState } from './sync-state';
import { syncLead, type SyncOutcome } from './sync-lead';
import type { LeadDeps } from './types';

const MAX_PER_RUN = 200;
const BASE_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Exponential backoff between cron retries: 1 min, 2, 4 … capped at one hour. */
export const cronBackoffMs = (attempts: number) =>
  Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, Math.min(attempts - 1, 10)), MAX_BACKOFF_MS);

/**
 * The cron's pass: every stored lead that is pending or failed and due gets one push. Leads
 * are walked oldest first; the per-lead lock in syncLead keeps overlapping runs harmless.
 */
export async function syncUnsyncedLeads(
  deps: LeadDeps,
): Promise<{ checked: number; results: Partial<Record<SyncOutcome, number>> }> {
  const ids = await deps.store.listRange(leadKeys.all, 0, -1);
  const results: Partial<Record<SyncOutcome, number>> = {};
  let checked = 0;
  for (const id of ids) {
    if (checked >= MAX_PER_RUN) break;
    const state = readSyncState(await deps.store.hashGetAll(leadKeys.sync(id)));
    if (!state || state.syncStatus === 'synced' || state.syncStatus === 'skipped') continue;
    if (state.nextAttemptAt > deps.clock.now()) continue;
    checked += 1;
    const outcome = await syncLead(deps, id, {
      delaysMs: [],
      retryAfterMs: cronBackoffMs(state.attempts + 1),
    });
    results[outcome] = (results[outcome] ?? 0) + 1;
  }
  return { checked, results };
}
