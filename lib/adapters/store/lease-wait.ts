/** What the embedded store keeps per lease key; the Redis scripts keep the same in three keys. */
export interface LeaseSet {
  /** token → expiry (ms on the store's clock). */
  expiries: Record<string, number>;
  /** token → start, for task leases only. */
  starts: Record<string, number>;
}

/** With no finished task to go by, a refusal says this (the fallback). */
export const DEFAULT_TASK_WAIT_MS = 1_000;

/**
 * The estimated wait for a slot, as LEASE_ACQUIRE computes it on Redis: with tasks among the
 * holders, the median of `took` minus how long each task has run (the (count - limit + 1)-th
 * soonest, for a lowered limit); with sessions only, the time until enough leases expire.
 */
export function leaseWait(set: LeaseSet, took: number[], limit: number, now: number): number {
  const count = Object.keys(set.expiries).length;
  const need = Math.max(0, count - limit) + 1;
  const starts = Object.values(set.starts);
  if (starts.length > 0) {
    if (took.length === 0) return DEFAULT_TASK_WAIT_MS;
    const sorted = [...took].sort((a, b) => a - b);
    const typical = sorted[Math.ceil(sorted.length / 2) - 1]!;
    const waits = starts.map((start) => Math.max(0, start + typical - now)).sort((a, b) => a - b);
    return waits[Math.min(waits.length, need) - 1]!;
  }
  const expiries = Object.values(set.expiries).sort((a, b) => a - b);
  const due = expiries[Math.min(count, need) - 1];
  return due === undefined ? 0 : due - now;
}
