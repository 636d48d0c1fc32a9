import type { Entry, Value } from './embedded-entries';
import { EmbeddedLeases } from './embedded-leases';
import { SnapshotFile } from './snapshot-file';
import {
  StoreTypeError,
  type LeaseKind,
  type LeaseResult,
  type SetIfAbsentResult,
  type SlidingWindowResult,
  type Store,
  type StoreWrite,
} from './types';

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
  private readonly snapshot: SnapshotFile<Entry> | undefined;

  constructor(options: EmbeddedStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.description = options.file ? `embedded (${options.file})` : 'embedded (memory only)';
    if (options.file) {
      // Only live entries are saved.
      this.snapshot = new SnapshotFile(options.file, options.flushDelayMs ?? 100, () =>
        [...this.data].filter(([, e]) => e.expiresAt === undefined || e.expiresAt > this.now()),
      );
      for (const [key, entry] of this.snapshot.load()) this.data.set(key, entry);
    }
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
    this.snapshot?.changed();
  }

  /** Writes the snapshot now (no-op when nothing changed or no file is configured). */
  flush(): Promise<void> {
    return this.snapshot?.flush() ?? Promise.resolve();
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

  private windowLog(key: string): number[] {
    const entry = this.live(key);
    if (!entry) return [];
    if (entry.type === 'window') return entry.value;
    // A snapshot written before the log had a type of its own keeps it as a JSON string.
    if (entry.type === 'string') return (JSON.parse(entry.value) as number[]).sort((a, b) => a - b);
    throw new StoreTypeError(key);
  }

  async slidingWindow(
    key: string,
    options: { limit: number; windowMs: number; now: number; member: string },
  ): Promise<SlidingWindowResult> {
    // The log is kept sorted in place (a busy window holds thousands of hits, so no re-parse or
    // re-sort per hit); the caller's clock decides, as on Redis.
    const hits = this.windowLog(key);
    const expired = firstAbove(hits, options.now - options.windowMs);
    if (expired > 0) hits.splice(0, expired);
    const allowed = hits.length < options.limit;
    if (allowed) hits.splice(firstAbove(hits, options.now), 0, options.now);
    this.data.set(key, { type: 'window', value: hits, expiresAt: this.expiry(options.windowMs) });
    this.changed();
    const oldest = hits[0] ?? options.now;
    return { allowed, count: hits.length, resetAt: oldest + options.windowMs };
  }

  private readonly leases = new EmbeddedLeases({
    now: () => this.now(),
    leases: (key) => this.typed(key, 'leases'),
    list: (key) => this.typed(key, 'list')?.value,
    put: (key, entry) => {
      if (entry) this.data.set(key, entry);
      else this.data.delete(key);
      this.changed();
    },
  });

  async leaseAcquire(
    key: string,
    options: { token: string; limit: number; ttlMs: number; kind?: LeaseKind },
  ): Promise<LeaseResult> {
    return this.leases.acquire(key, options);
  }

  async leaseRelease(key: string, token: string): Promise<boolean> {
    return this.leases.release(key, token);
  }

  async leaseRenew(key: string, options: { token: string; ttlMs: number }): Promise<boolean> {
    return this.leases.renew(key, options);
  }

  async leaseCount(key: string): Promise<number> {
    return this.leases.count(key);
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
    await this.snapshot?.close();
  }
}

/** Index of the first value above `bound` in an ascending array. */
function firstAbove(sorted: number[], bound: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! > bound) high = mid;
    else low = mid + 1;
  }
  return low;
}
