import type { Entry, LeaseEntry } from './embedded-entries';
import { leaseWait, type LeaseSet } from './lease-wait';
import { LEASE_WINDOW_MS, LEASE_WINDOW_SIZE } from './scripts';
import type { LeaseKind, LeaseResult } from './types';

/** The embedded store's side of the lease operations: its clock and its (typed) entries. */
export interface LeaseHost {
  now(): number;
  leases(key: string): LeaseEntry | undefined;
  list(key: string): string[] | undefined;
  /** Stores `entry` under `key`, or deletes the key when undefined; marks the store changed. */
  put(key: string, entry: Entry | undefined): void;
}

const tookKey = (key: string) => `${key}:took`;

/**
 * The lease operations of the embedded store, step for step as the Lua scripts do them on
 * Redis (lib/adapters/store/scripts.ts), on the store's own clock.
 */
export class EmbeddedLeases {
  constructor(private readonly host: LeaseHost) {}

  /** The live leases under `key`; expired ones are dropped, as the Redis scripts do. */
  private live(key: string): LeaseSet {
    const now = this.host.now();
    const entry = this.host.leases(key);
    // No prototype: a token is any string, "__proto__" included.
    const set: LeaseSet = { expiries: Object.create(null), starts: Object.create(null) };
    for (const [token, expiresAt] of Object.entries(entry?.value ?? {})) {
      if (expiresAt <= now) continue;
      set.expiries[token] = expiresAt;
      const start = entry?.starts?.[token];
      if (start !== undefined) set.starts[token] = start;
    }
    return set;
  }

  /** Stores the leases; the key lives as long as its last lease, or goes when there is none. */
  private store(key: string, set: LeaseSet): void {
    const last = Math.max(...Object.values(set.expiries));
    this.host.put(
      key,
      Number.isFinite(last)
        ? { type: 'leases', value: set.expiries, starts: set.starts, expiresAt: last }
        : undefined,
    );
  }

  acquire(
    key: string,
    options: { token: string; limit: number; ttlMs: number; kind?: LeaseKind },
  ): LeaseResult {
    const now = this.host.now();
    const set = this.live(key);
    const count = Object.keys(set.expiries).length;
    if (Object.hasOwn(set.expiries, options.token) || count < options.limit) {
      set.expiries[options.token] = now + options.ttlMs;
      if ((options.kind ?? 'task') === 'task') set.starts[options.token] ??= now;
      this.store(key, set);
      return { acquired: true, count: Object.keys(set.expiries).length, retryAfterMs: 0 };
    }
    this.store(key, set);
    const took = (this.host.list(tookKey(key)) ?? []).map(Number);
    return { acquired: false, count, retryAfterMs: leaseWait(set, took, options.limit, now) };
  }

  release(key: string, token: string): boolean {
    const entry = this.host.leases(key);
    if (!entry || !Object.hasOwn(entry.value, token)) return false;
    delete entry.value[token];
    const start = entry.starts?.[token];
    if (start !== undefined) {
      delete entry.starts![token];
      // The task's time held joins the window, newest first, as LPUSH + LTRIM do on Redis.
      const now = this.host.now();
      const took = [String(now - start), ...(this.host.list(tookKey(key)) ?? [])];
      this.host.put(tookKey(key), {
        type: 'list',
        value: took.slice(0, LEASE_WINDOW_SIZE),
        expiresAt: now + LEASE_WINDOW_MS,
      });
    }
    this.host.put(key, Object.keys(entry.value).length === 0 ? undefined : entry);
    return true;
  }

  renew(key: string, options: { token: string; ttlMs: number }): boolean {
    const set = this.live(key);
    const renewed = Object.hasOwn(set.expiries, options.token);
    if (renewed) set.expiries[options.token] = this.host.now() + options.ttlMs;
    if (this.host.leases(key)) this.store(key, set);
    return renewed;
  }

  count(key: string): number {
    return Object.keys(this.live(key).expiries).length;
  }
}
