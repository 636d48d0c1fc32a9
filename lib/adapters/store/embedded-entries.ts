/** What the embedded store keeps under a key, mirroring the Redis types it stands in for. */
export type Value =
  | { type: 'string'; value: string }
  | { type: 'list'; value: string[] }
  | { type: 'hash'; value: Record<string, string> }
  /** A sliding-window log: hit times, ascending (the sorted set on Redis). */
  | { type: 'window'; value: number[] }
  /**
   * Leases: token → expiry (epoch ms on this store's clock), like the sorted set on Redis, and
   * the start of each task lease, like the hash beside it.
   */
  | { type: 'leases'; value: Record<string, number>; starts?: Record<string, number> };
export type Entry = Value & { expiresAt?: number };
export type LeaseEntry = Extract<Entry, { type: 'leases' }>;
