import { randomUUID } from 'node:crypto';
import { leadKeys } from './keys';
import { leadTargets, type LeadTarget } from './lead-targets';
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
 * Pushes one stored lead to the CRM and its form's webhook destinations, each target once. A
 * per-lead lock makes the after() push and the cron exclusive; each target's success is recorded
 * as soon as it happens, so a retry re-sends only the targets that failed.
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
    const targets = leadTargets(deps, JSON.parse(raw) as StoredLead);
    const due = targets.filter((t) => !['synced', 'skipped'].includes(state.targets[t.name] ?? ''));
    // Targets with nothing to send are recorded as skipped with the final status.
    const skipped = Object.fromEntries(
      due.filter((t) => !t.push).map((t) => [t.name, 'skipped'] as const),
    );
    let pending = due.filter((t): t is Required<LeadTarget> => t.push !== undefined);

    let attempts = state.attempts;
    let errors: string[] = [];
    for (let i = 0; i <= options.delaysMs.length && pending.length > 0; i++) {
      if (i > 0) await clock.sleep(options.delaysMs[i - 1]!);
      attempts += 1;
      const results = await Promise.allSettled(pending.map((target) => target.push()));
      const succeeded = pending.filter((_, index) => results[index]!.status === 'fulfilled');
      errors = results.flatMap((result, index) =>
        result.status === 'rejected'
          ? [`${pending[index]!.name}: ${errorMessage(result.reason)}`]
          : [],
      );
      if (succeeded.length > 0) {
        await store.hashSet(
          leadKeys.sync(id),
          syncFields({ targets: Object.fromEntries(succeeded.map((t) => [t.name, 'synced'])) }),
        );
      }
      pending = pending.filter((_, index) => results[index]!.status === 'rejected');
    }

    if (pending.length === 0) {
      const allSkipped = targets.every(
        (t) => skipped[t.name] === 'skipped' || state.targets[t.name] === 'skipped',
      );
      const status = allSkipped ? 'skipped' : 'synced';
      await store.hashSet(
        leadKeys.sync(id),
        syncFields({
          syncStatus: status,
          targets: skipped,
          attempts,
          ...(allSkipped ? {} : { syncedAt: new Date(clock.now()).toISOString() }),
        }),
      );
      return status;
    }
    const lastError = errors.join('; ');
    console.error(`lead ${id}: push failed after ${attempts} attempts: ${lastError}`);
    await store.hashSet(
      leadKeys.sync(id),
      syncFields({
        syncStatus: 'failed',
        targets: { ...skipped, ...Object.fromEntries(pending.map((t) => [t.name, 'failed'])) },
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

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
