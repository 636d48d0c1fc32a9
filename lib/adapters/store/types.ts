/** A write applied together with a successful `setIfAbsent`, in the same atomic step. */
export type StoreWrite =
  | { type: 'set'; key: string; value: string; ttlMs?: number }
  | { type: 'push'; key: string; value: string }
  | { type: 'hset'; key: string; fields: Record<string, string> };

export interface SlidingWindowResult {
  allowed: boolean;
  /** Hits inside the window, this one included when allowed. */
  count: number;
  /** Epoch ms at which the oldest hit leaves the window (a slot frees). */
  resetAt: number;
}

/**
 * `task`: held for one piece of work and released when it ends (an HTTP generation); how long it
 * was held feeds the key's moving window. `session`: held open until closed (a WebSocket); only
 * its expiry says when it frees for sure.
 */
export type LeaseKind = 'task' | 'session';

export interface LeaseResult {
  acquired: boolean;
  /** Unexpired leases under the key after this call (ours included when acquired). */
  count: number;
  /**
   * When not acquired, the estimated ms until a slot frees: with a task among the holders, from
   * how long the key's recent tasks took (the median of the last 20 releases, kept 5 minutes;
   * 1000 when there is none yet) minus how long each has run; when every holder is a session,
   * the time until enough leases expire.
   */
  retryAfterMs: number;
}

export interface SetIfAbsentResult {
  created: boolean;
  /** The value now stored: ours when created, the earlier one otherwise. */
  value: string;
}

/**
 * The store port. Every method is one atomic operation on every adapter (one command or one
 * Lua script on Redis), so callers never need a lock across instances.
 */
export interface Store {
  readonly kind: 'embedded' | 'tcp' | 'upstash';
  /** One line for the start-up log, without credentials. */
  readonly description: string;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, options?: { ttlMs?: number }): Promise<void>;
  del(key: string): Promise<boolean>;
  /** Sets `key` only when absent; on success also applies `also`, all or nothing. */
  setIfAbsent(
    key: string,
    value: string,
    options?: { ttlMs?: number; also?: StoreWrite[] },
  ): Promise<SetIfAbsentResult>;
  /** Replaces `key` only while it holds `expected`; on success also applies `also`, all or nothing. */
  replaceIf(
    key: string,
    expected: string,
    value: string,
    options?: { ttlMs?: number; also?: StoreWrite[] },
  ): Promise<{ replaced: boolean; value: string | null }>;
  /** Deletes `key` only while it holds `expected` (releasing a claim checks the holder's token). */
  delIfEquals(key: string, expected: string): Promise<boolean>;
  /**
   * Sliding-log rate limit: drops hits older than `now - windowMs`, then records this hit
   * (`member`, unique per hit) only when fewer than `limit` remain. The caller's clock decides.
   */
  slidingWindow(
    key: string,
    options: { limit: number; windowMs: number; now: number; member: string },
  ): Promise<SlidingWindowResult>;
  /**
   * At most `limit` unexpired leases under `key`: expired ones are purged, then `token` is added
   * with expiry now+ttlMs if room. One atomic step. A token that already holds a live lease is
   * refreshed (acquired again) rather than counted twice. When several leases must expire before
   * one is free (the limit was lowered), `retryAfterMs` waits for enough of them, not the first.
   * `kind` defaults to `task`. "Now" is the store's own clock (Redis `TIME`; the embedded store's clock), never the
   * caller's: instances whose clocks disagree still agree on which leases are live.
   */
  leaseAcquire(
    key: string,
    options: { token: string; limit: number; ttlMs: number; kind?: LeaseKind },
  ): Promise<LeaseResult>;
  /**
   * Removes `token`'s lease only (the holder's token is checked); false when it was not there.
   * A task lease's time held joins the key's window.
   */
  leaseRelease(key: string, token: string): Promise<boolean>;
  /**
   * Extends `token`'s lease to now+ttlMs only while it is still unexpired; false when it had
   * expired or was released (the holder lost the slot).
   */
  leaseRenew(key: string, options: { token: string; ttlMs: number }): Promise<boolean>;
  /** Unexpired leases under `key` (expired ones are not counted). */
  leaseCount(key: string): Promise<number>;
  /** Adds `by` (default 1); `ttlMs` is applied when the key has no expiry yet. */
  incr(key: string, options?: { by?: number; ttlMs?: number }): Promise<number>;
  /** Appends values; `maxLength` keeps only the newest entries. Returns the new length. */
  listPush(key: string, values: string[], options?: { maxLength?: number }): Promise<number>;
  /** Inclusive range like LRANGE: negative indexes count from the end. */
  listRange(key: string, start: number, stop: number): Promise<string[]>;
  hashSet(key: string, fields: Record<string, string>): Promise<void>;
  hashGetAll(key: string): Promise<Record<string, string>>;
  /** Milliseconds until `key` expires; -1 without expiry, -2 when absent. */
  ttl(key: string): Promise<number>;
  ping(): Promise<void>;
  /** Flushes pending writes and releases connections. */
  close(): Promise<void>;
}

export class StoreTypeError extends Error {
  override name = 'StoreTypeError';
  constructor(key: string) {
    super(`WRONGTYPE Operation against a key holding the wrong kind of value: ${key}`);
  }
}
