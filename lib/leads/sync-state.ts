import type { LeadSyncState, SyncStatus } from './types';

const statuses: SyncStatus[] = ['pending', 'synced', 'failed', 'skipped'];

/** LeadSyncState as the flat string hash the store keeps. */
export function syncFields(state: Partial<LeadSyncState>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(state)) {
    if (value !== undefined) fields[name] = String(value);
  }
  return fields;
}

/** Reads the hash back; an empty hash (no such lead) gives undefined. */
export function readSyncState(fields: Record<string, string>): LeadSyncState | undefined {
  const status = fields.syncStatus as SyncStatus | undefined;
  if (!status || !statuses.includes(status)) return undefined;
  return {
    syncStatus: status,
    attempts: Number(fields.attempts ?? 0),
    nextAttemptAt: Number(fields.nextAttemptAt ?? 0),
    ...(fields.lastError !== undefined ? { lastError: fields.lastError } : {}),
    ...(fields.syncedAt !== undefined ? { syncedAt: fields.syncedAt } : {}),
  };
}
