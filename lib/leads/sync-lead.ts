import { randomUUID } from 'node:crypto';
import { buildCrmContact } from './build-crm-contact';
import { leadKeys } from './keys';
import { readSyncState, syncFields } from './sync-state';
import type { LeadDeps, StoredLead, SyncStatus } from './types';

export interface SyncOptions {
  /** Pushes tried in this call (the first immediately, then after each delay). */
  delaysMs: number[];
  /** After the last failure, how long the cron waits before trying again. */
  retryAfterMs: number;
}

/** In the request's after(): three tries over about 1.3 s, then the cron takes over at once. */
export const AFTER_RESPONSE_SYNC: SyncOptions = { delaysMs: [250, 1_000], retryAfterMs: 0 };

const LOCK_TTL_MS = 60_000;

export type SyncOutcome = SyncStatus | 'busy' | 'missing';

/**
 * Pushes one stored lead to the CRM unless it is synced already. A per-lead lock makes the
 * after() push and the cron exclusive, so no lead is pushed twice; the sync state records
 * attempts, the last error and when to try again.
 */
export async function syncLead(
  deps: LeadDeps,
  id: string,
  options: SyncOptions,
): Promise<SyncOutcome> {
  const { store, clock } = deps;
  const lock = leadKeys.syncLock(id);
  const token = randomUUID();
  if (!(await store.setIfAbsent(lock, token, { ttlMs: LOCK_TTL_MS })).created) return 'busy';
  try {
    const state = readSyncState(await store.hashGetAll(leadKeys.sync(id)));
    const raw = await store.get(leadKeys.submission(id));
    if (!state || !raw) return 'missing';
    if (state.syncStatus === 'synced' || state.syncStatus === 'skipped') return state.syncStatus;
    const lead = JSON.parse(raw) as StoredLead;
    const contact = buildCrmContact(lead);
    if (!contact) {
      await store.hashSet(leadKeys.sync(id), syncFields({ syncStatus: 'skipped' }));
      return 'skipped';
    }
    let attempts = state.attempts;
    let lastError = '';
    for (let i = 0; i <= options.delaysMs.length; i++) {
      if (i > 0) await clock.sleep(options.delaysMs[i - 1]!);
      attempts += 1;
      try {
        await deps.crm.upsertContact(contact);
        await store.hashSet(
          leadKeys.sync(id),
          syncFields({
            syncStatus: 'synced',
            attempts,
            syncedAt: new Date(clock.now()).toISOString(),
          }),
        );
        return 'synced';
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
      }
    }
    console.error(`lead ${id}: crm push failed after ${attempts} attempts: ${lastError}`);
    await store.hashSet(
      leadKeys.sync(id),
      syncFields({
        syncStatus: 'failed',
        attempts,
        lastError: lastError.slice(0, 500),
        nextAttemptAt: clock.now() + options.retryAfterMs,
      }),
    );
    return 'failed';
  } finally {
    await store.delIfEquals(lock, token).catch(() => false);
  }
}
