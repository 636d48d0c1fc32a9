import type { LeadSyncState, SyncStatus, TargetStatus } from './types';

const statuses: SyncStatus[] = ['pending', 'synced', 'failed', 'skipped'];
const targetStatuses: TargetStatus[] = ['synced', 'failed', 'skipped'];
const TARGET_PREFIX = 'target:';

/** The hash field holding one target's status. */
export const targetField = (target: string) => `${TARGET_PREFIX}${target}`;

/** LeadSyncState as the flat string hash the store keeps (targets as `target:<name>` fields). */
export function syncFields(state: Partial<LeadSyncState>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(state)) {
    if (name === 'targets') continue;
    if (value !== undefined) fields[name] = String(value);
  }
  for (const [target, status] of Object.entries(state.targets ?? {})) {
    fields[targetField(target)] = status;
  }
  return fields;
}

/** Reads the hash back; an empty hash (no such lead) gives undefined. */
export function readSyncState(fields: Record<string, string>): LeadSyncState | undefined {
  const status = fields.syncStatus as SyncStatus | undefined;
  if (!status || !statuses.includes(status)) return undefined;
  const targets: Record<string, TargetStatus> = {};
  for (const [name, value] of Object.entries(fields)) {
    const target = name.startsWith(TARGET_PREFIX) ? name.slice(TARGET_PREFIX.length) : undefined;
    if (target && targetStatuses.includes(value as TargetStatus)) {
      targets[target] = value as TargetStatus;
    }
  }
  return {
    syncStatus: status,
    targets,
    attempts: Number(fields.attempts ?? 0),
    nextAttemptAt: Number(fields.nextAttemptAt ?? 0),
    ...(fields.lastError !== undefined ? { lastError: fields.lastError } : {}),
    ...(fields.syncedAt !== undefined ? { syncedAt: fields.syncedAt } : {}),
  };
}
