import { leadKeys } from './keys';
import { readSyncState } from './sync-state';
import { syncLead, type SyncOutcome } from './sync-lead';
import type { LeadDeps } from './types';

const MAX_PER_RUN = 200;
/** How many ids past the cursor one run looks at. */
const SCAN_WINDOW = 2_000;
const BASE_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Exponential backoff between cron retries: 1 min, 2, 4 … capped at one hour. */
export const cronBackoffMs = (attempts: number) =>
  Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, Math.min(attempts - 1, 10)), MAX_BACKOFF_MS);

/**
 * The cron's pass: every stored lead that is pending or failed and due gets one push. Leads
 * are walked oldest first from a cursor that skips the settled prefix, so a run does not
 * re-read every lead ever stored; the per-lead lock in syncLead keeps overlapping runs harmless.
 */
export async function syncUnsyncedLeads(
  deps: LeadDeps,
): Promise<{ checked: number; results: Partial<Record<SyncOutcome, number>> }> {
  const { store } = deps;
  const cursor = Number((await store.get(leadKeys.syncCursor)) ?? 0) || 0;
  const ids = await store.listRange(leadKeys.all, cursor, cursor + SCAN_WINDOW - 1);
  const results: Partial<Record<SyncOutcome, number>> = {};
  let checked = 0;
  let settledPrefix = 0;
  let inPrefix = true;
  for (const id of ids) {
    if (checked >= MAX_PER_RUN) break;
    const state = readSyncState(await store.hashGetAll(leadKeys.sync(id)));
    let settled = !state || state.syncStatus === 'synced' || state.syncStatus === 'skipped';
    if (state && !settled && state.nextAttemptAt <= deps.clock.now()) {
      checked += 1;
      const outcome = await syncLead(deps, id, {
        delaysMs: [],
        retryAfterMs: cronBackoffMs(state.attempts + 1),
      });
      results[outcome] = (results[outcome] ?? 0) + 1;
      // A lead erased by a deletion request is gone for good: nothing left to push.
      settled = outcome === 'synced' || outcome === 'skipped' || outcome === 'missing';
    }
    if (inPrefix && settled) settledPrefix += 1;
    else inPrefix = false;
  }
  // Only this pass moves the cursor forward; a lost race just rereads a few settled ids.
  if (settledPrefix > 0) await store.set(leadKeys.syncCursor, String(cursor + settledPrefix));
  return { checked, results };
}
