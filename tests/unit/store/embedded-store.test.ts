import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '@/lib/adapters/store';

describe('EmbeddedStore', () => {
  it('keeps its data across a restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'store-')), 'nested', 'store.json');
    const first = new EmbeddedStore({ file });
    await first.set('a', '1');
    await first.listPush('l', ['x', 'y']);
    await first.hashSet('h', { f: 'v' });
    await first.close();

    const second = new EmbeddedStore({ file });
    expect(await second.get('a')).toBe('1');
    expect(await second.listRange('l', 0, -1)).toEqual(['x', 'y']);
    expect(await second.hashGetAll('h')).toEqual({ f: 'v' });
    await second.close();
  });

  it('writes with rename, leaving no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    const store = new EmbeddedStore({ file: join(dir, 'store.json') });
    await store.set('k', 'v');
    await store.close();
    expect(readdirSync(dir)).toEqual(['store.json']);
    expect(JSON.parse(readFileSync(join(dir, 'store.json'), 'utf8'))).toMatchObject({ version: 1 });
  });

  it('expires keys on its injected clock and does not persist expired ones', async () => {
    let now = 1_000_000;
    const file = join(mkdtempSync(join(tmpdir(), 'store-')), 'store.json');
    const store = new EmbeddedStore({ file, now: () => now });
    await store.set('short', 'x', { ttlMs: 1_000 });
    await store.incr('window', { ttlMs: 60_000 });
    now += 999;
    expect(await store.get('short')).toBe('x');
    expect(await store.ttl('short')).toBe(1);
    now += 1;
    expect(await store.get('short')).toBeNull();
    now += 59_000;
    expect(await store.incr('window')).toBe(1);
    await store.close();
    const reopened = new EmbeddedStore({ file, now: () => now });
    expect(await reopened.get('short')).toBeNull();
  });

  it('keeps a rate-limit window across a restart, also from a snapshot that stored it as text', async () => {
    const now = 1_000_000;
    const file = join(mkdtempSync(join(tmpdir(), 'store-')), 'store.json');
    const hit = (store: EmbeddedStore, at: number) =>
      store.slidingWindow('w', { limit: 3, windowMs: 60_000, now: at, member: String(at) });
    const store = new EmbeddedStore({ file, now: () => now });
    expect((await hit(store, now)).allowed).toBe(true);
    expect((await hit(store, now + 1)).allowed).toBe(true);
    await store.close();
    const reopened = new EmbeddedStore({ file, now: () => now });
    expect(await hit(reopened, now + 2)).toMatchObject({ allowed: true, count: 3 });
    expect((await hit(reopened, now + 3)).allowed).toBe(false);
    await reopened.close();
    // The format before the log had a type of its own: a JSON array in a string.
    const entry = {
      type: 'string',
      value: JSON.stringify([now + 5, now]),
      expiresAt: now + 60_000,
    };
    writeFileSync(file, JSON.stringify({ version: 1, entries: [['w', entry]] }));
    const older = new EmbeddedStore({ file, now: () => now });
    expect(await hit(older, now + 6)).toMatchObject({
      allowed: true,
      count: 3,
      resetAt: now + 60_000,
    });
    expect((await hit(older, now + 7)).allowed).toBe(false);
    await older.close();
  });

  it('keeps leases across a restart and drops them with their last expiry', async () => {
    let now = 1_000_000;
    const file = join(mkdtempSync(join(tmpdir(), 'store-')), 'store.json');
    const first = new EmbeddedStore({ file, now: () => now });
    await first.leaseAcquire('slots', { token: 'a', limit: 2, ttlMs: 15_000 });
    // A token is any string, even one that names an Object.prototype property.
    await first.leaseAcquire('slots', { token: '__proto__', limit: 2, ttlMs: 15_000 });
    await first.close();

    const second = new EmbeddedStore({ file, now: () => now });
    expect(await second.leaseCount('slots')).toBe(2);
    expect(
      (await second.leaseAcquire('slots', { token: 'b', limit: 2, ttlMs: 15_000 })).acquired,
    ).toBe(false);
    expect(await second.leaseRelease('slots', '__proto__')).toBe(true);
    expect(await second.leaseRelease('slots', 'constructor')).toBe(false);
    now += 15_000;
    expect(await second.ttl('slots')).toBe(-2);
    await second.close();
  });
});
