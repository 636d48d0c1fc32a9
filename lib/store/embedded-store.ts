import { mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { leaseWait, type LeaseSet } from './lease-wait';
import { LEASE_WINDOW_MS, LEASE_WINDOW_SIZE } from './scripts';
import {
  StoreTypeError,
  type LeaseKind,
  type LeaseResult,
  type SetIfAbsentResult,
  type SlidingWindowResult,
  type Store,
  type StoreWrite,
} from './types';

type Value =
  | { type: 'string'; value: string }
  | { type: 'list'; value: string[] }
  | { type: 'hash'; value: Record<string, string> }
  /** Leases: token → expiry (epoch ms on this store's clock), like the sorted set on Redis. */
  | { type: 'leases'; value: Record<string, number>; starts?: Record<string, number> };
type Entry = Value & { expiresAt?: number };

interface Snapshot {
  version: 1;
  entries: [string, Entry][];
}

export interface EmbeddedStoreOptions {
  /** Snapshot file; without it the store lives in memory only. */
  file?: string;
  now?: () => number;
  /** Delay before a change is written to disk. */
  flushDelayMs?: number;
}

/**
 * In-process store for running without Redis. Each method runs synchronously to completion
 * before it yields, which makes it atomic in one process. Snapshots are written with
 * write-then-rename so a crash never leaves a half-written file.
 */
export class EmbeddedStore implements Store {
  readonly kind = 'embedded' as const;
  readonly description: string;
  private readonly data = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly file: string | undefined;
  private readonly flushDelayMs: number;
  private flushTimer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(options: EmbeddedStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.file = options.file;
    this.flushDelayMs = options.flushDelayMs ?? 100;
    this.description = this.file ? `embedded (${this.file})` : 'embedded (memory only)';
    if (this.file) this.load(this.file);
  }

  private load(file: string): void {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // first start: nothing saved yet
    }
    const snapshot = JSON.parse(text) as Snapshot;
    for (const [key, entry] of snapshot.entries) this.data.set(key, entry);
  }

  private live(key: string): Entry | undefined {
    const entry = this.data.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.data.delete(key);
      return undefined;
    }
    return entry;
  }

  private typed<T extends Value['type']>(
    key: string,
    type: T,
  ): Extract<Entry, { type: T }> | undefined {
    const entry = this.live(key);
    if (entry && entry.type !== type) throw new StoreTypeError(key);
    return entry as Extract<Entry, { type: T }> | undefined;
  }

  private changed(): void {
    this.dirty = true;
    if (!this.file || this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, this.flushDelayMs);
    this.flushTimer.unref();
  }

  /** Writes the snapshot now (no-op when nothing changed or no file is configured). */
  flush(): Promise<void> {
    if (!this.file || !this.dirty) return this.writing;
    const file = this.file;
    this.dirty = false;
    const now = this.now();
    const entries = [...this.data].filter(
      ([, e]) => e.expiresAt === undefined || e.expiresAt > now,
    );
    const text = JSON.stringify({ version: 1, entries } satisfies Snapshot);
    this.writing = this.writing.then(async () => {
      mkdirSync(dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, text);
      await rename(temp, file);
    });
    return this.writing;
  }

  private expiry(ttlMs: number | undefined): number | undefined {
    return ttlMs && ttlMs > 0 ? this.now() + ttlMs : undefined;
  }

  async get(key: string): Promise<string | null> {
    return this.typed(key, 'string')?.value ?? null;
  }

  async set(key: string, value: string, options: { ttlMs?: number } = {}): Promise<void> {
    this.data.set(key, { type: 'string', value, expiresAt: this.expiry(options.ttlMs) });
    this.changed();
  }

  async del(key: string): Promise<boolean> {
    const existed = this.live(key) !== undefined;
    this.data.delete(key);
    if (existed) this.changed();
    return existed;
  }

  async setIfAbsent(
    key: string,
    value: string,
    options: { ttlMs?: number; also?: StoreWrite[] } = {},
  ): Promise<SetIfAbsentResult> {
    const existing = this.typed(key, 'string');
    if (existing) return { created: false, value: existing.value };
    // Check every target's type first so a failing write cannot leave a partial result.
    this.checkWriteTypes(options.also ?? []);
    this.data.set(key, { type: 'string', value, expiresAt: this.expiry(options.ttlMs) });
    for (const write of options.also ?? []) this.apply(write);
    this.changed();
    return { created: true, value };
  }

  private checkWriteTypes(also: StoreWrite[]): void {
    for (const write of also) {
      this.typed(
        write.key,
        write.type === 'set' ? 'string' : write.type === 'push' ? 'list' : 'hash',
      );
    }
  }

  async replaceIf(
    key: string,
    expected: string,
    value: string,
    options: { ttlMs?: number; also?: StoreWrite[] } = {},
  ): Promise<{ replaced: boolean; value: string | null }> {
    const existing = this.typed(key, 'string');
    if (existing?.value !== expected) return { replaced: false, value: existing?.value ?? null };
    this.checkWriteTypes(options.also ?? []);
    this.data.set(key, { type: 'string', value, expiresAt: this.expiry(options.ttlMs) });
    for (const write of options.also ?? []) this.apply(write);
    this.changed();
    return { replaced: true, value };
  }

  async delIfEquals(key: string, expected: string): Promise<boolean> {
    if (this.typed(key, 'string')?.value !== expected) return false;
    this.data.delete(key);
    this.changed();
    return true;
  }

  async slidingWindow(
    key: string,
    options: { limit: number; windowMs: number; now: number; member: string },
  ): Promise<SlidingWindowResult> {
    // The log is a JSON array of hit times; the caller's clock decides, as on Redis.
    const entry = this.typed(key, 'string');
    const hits = (entry ? (JSON.parse(entry.value) as number[]) : []).filter(
      (at) => at > options.now - options.windowMs,
    );
    const allowed = hits.length < options.limit;
    if (allowed) hits.push(options.now);
    hits.sort((a, b) => a - b);
    this.data.set(key, {
      type: 'string',
      value: JSON.stringify(hits),
      expiresAt: this.expiry(options.windowMs),
    });
    this.changed();
    const oldest = hits[0] ?? options.now;
    return { allowed, count: hits.length, resetAt: oldest + options.windowMs };
  }

  /** The live leases under `key`; expired ones are dropped, as the Redis scripts do. */
  private liveLeases(key: string): LeaseSet {
    const now = this.now();
    const entry = this.typed(key, 'leases');
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
  private storeLeases(key: string, set: LeaseSet): void {
    const last = Math.max(...Object.values(set.expiries));
    if (Number.isFinite(last))
      this.data.set(key, {
        type: 'leases',
        value: set.expiries,
        starts: set.starts,
        expiresAt: last,
      });
    else this.data.delete(key);
    this.changed();
  }

  private tookKey(key: string): string {
    return `${key}:took`;
  }

  async leaseAcquire(
    key: string,
    options: { token: string; limit: number; ttlMs: number; kind?: LeaseKind },
  ): Promise<LeaseResult> {
    // The store's own clock, as Redis uses TIME: callers' clocks may disagree.
    const now = this.now();
    const set = this.liveLeases(key);
    const count = Object.keys(set.expiries).length;
    if (Object.hasOwn(set.expiries, options.token) || count < options.limit) {
      set.expiries[options.token] = now + options.ttlMs;
      if ((options.kind ?? 'task') === 'task') set.starts[options.token] ??= now;
      this.storeLeases(key, set);
      return { acquired: true, count: Object.keys(set.expiries).length, retryAfterMs: 0 };
    }
    this.storeLeases(key, set);
    const took = (this.typed(this.tookKey(key), 'list')?.value ?? []).map(Number);
    return { acquired: false, count, retryAfterMs: leaseWait(set, took, options.limit, now) };
  }

  async leaseRelease(key: string, token: string): Promise<boolean> {
    const entry = this.typed(key, 'leases');
    if (!entry || !Object.hasOwn(entry.value, token)) return false;
    delete entry.value[token];
    const start = entry.starts?.[token];
    if (start !== undefined) {
      delete entry.starts![token];
      // The task's time held joins the window, newest first, as LPUSH + LTRIM do on Redis.
      const took = this.typed(this.tookKey(key), 'list')?.value ?? [];
      const value = [String(this.now() - start), ...took].slice(0, LEASE_WINDOW_SIZE);
      this.data.set(this.tookKey(key), {
        type: 'list',
        value,
        expiresAt: this.now() + LEASE_WINDOW_MS,
      });
    }
    if (Object.keys(entry.value).length === 0) this.data.delete(key);
    this.changed();
    return true;
  }

  async leaseRenew(key: string, options: { token: string; ttlMs: number }): Promise<boolean> {
    const set = this.liveLeases(key);
    const renewed = Object.hasOwn(set.expiries, options.token);
    if (renewed) set.expiries[options.token] = this.now() + options.ttlMs;
    if (this.data.has(key)) this.storeLeases(key, set);
    return renewed;
  }

  async leaseCount(key: string): Promise<number> {
    return Object.keys(this.liveLeases(key).expiries).length;
  }

  private apply(write: StoreWrite): void {
    if (write.type === 'set') {
      this.data.set(write.key, {
        type: 'string',
        value: write.value,
        expiresAt: this.expiry(write.ttlMs),
      });
    } else if (write.type === 'push') {
      this.pushNow(write.key, [write.value], 0);
    } else {
      this.hashSetNow(write.key, write.fields);
    }
  }

  async incr(key: string, options: { by?: number; ttlMs?: number } = {}): Promise<number> {
    const entry = this.typed(key, 'string');
    const current = entry ? Number(entry.value) : 0;
    if (!Number.isInteger(current)) throw new Error('ERR value is not an integer or out of range');
    const next = current + (options.by ?? 1);
    const expiresAt = entry?.expiresAt ?? this.expiry(options.ttlMs);
    this.data.set(key, { type: 'string', value: String(next), expiresAt });
    this.changed();
    return next;
  }

  private pushNow(key: string, values: string[], maxLength: number): number {
    const entry = this.typed(key, 'list');
    const list = entry ? entry.value : [];
    list.push(...values);
    if (maxLength > 0 && list.length > maxLength) list.splice(0, list.length - maxLength);
    if (!entry) this.data.set(key, { type: 'list', value: list });
    return list.length;
  }

  async listPush(
    key: string,
    values: string[],
    options: { maxLength?: number } = {},
  ): Promise<number> {
    if (values.length === 0) return (await this.listRange(key, 0, -1)).length;
    const length = this.pushNow(key, values, options.maxLength ?? 0);
    this.changed();
    return length;
  }

  async listRange(key: string, start: number, stop: number): Promise<string[]> {
    const list = this.typed(key, 'list')?.value ?? [];
    const from = start < 0 ? Math.max(list.length + start, 0) : start;
    const to = stop < 0 ? list.length + stop : Math.min(stop, list.length - 1);
    return from > to ? [] : list.slice(from, to + 1);
  }

  private hashSetNow(key: string, fields: Record<string, string>): void {
    const entry = this.typed(key, 'hash');
    if (entry) Object.assign(entry.value, fields);
    else this.data.set(key, { type: 'hash', value: { ...fields } });
  }

  async hashSet(key: string, fields: Record<string, string>): Promise<void> {
    this.hashSetNow(key, fields);
    this.changed();
  }

  async hashGetAll(key: string): Promise<Record<string, string>> {
    return { ...(this.typed(key, 'hash')?.value ?? {}) };
  }

  async ttl(key: string): Promise<number> {
    const entry = this.live(key);
    if (!entry) return -2;
    return entry.expiresAt === undefined ? -1 : entry.expiresAt - this.now();
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.flush();
  }
}
