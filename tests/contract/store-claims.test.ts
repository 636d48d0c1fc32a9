import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedStore, RedisStore, type Store } from '@/lib/adapters/store';
import { createTcpDriver } from '@/lib/adapters/store/tcp-driver';
import { deletePrefix, redisClient, TEST_REDIS_URL, testPrefix } from '../support/redis';

// replaceIf / delIfEquals / slidingWindow behave the same on every adapter.
const prefix = testPrefix('store-claims');
const redis = new RedisStore('tcp', 'test', createTcpDriver(TEST_REDIS_URL), prefix);
const adapters: [string, Store][] = [
  ['embedded', new EmbeddedStore()],
  ['redis', redis],
];

afterAll(async () => {
  const client = redisClient();
  await deletePrefix(client, prefix);
  client.disconnect();
  await redis.close();
});

describe.each(adapters)('%s store', (_name, store) => {
  it('replaceIf swaps only the expected value and applies extra writes with it', async () => {
    await store.set('claim', 'pending:a');
    expect(await store.replaceIf('claim', 'pending:b', 'done')).toEqual({
      replaced: false,
      value: 'pending:a',
    });
    const result = await store.replaceIf('claim', 'pending:a', 'done', {
      ttlMs: 60_000,
      also: [
        { type: 'hset', key: 'claim:record', fields: { status: 'pending' } },
        { type: 'push', key: 'claim:list', value: 'one' },
      ],
    });
    expect(result).toEqual({ replaced: true, value: 'done' });
    expect(await store.get('claim')).toBe('done');
    expect(await store.hashGetAll('claim:record')).toEqual({ status: 'pending' });
    expect(await store.listRange('claim:list', 0, -1)).toEqual(['one']);
    expect(await store.ttl('claim')).toBeGreaterThan(0);
    expect(await store.replaceIf('absent', 'x', 'y')).toEqual({ replaced: false, value: null });
  });

  it('delIfEquals releases only the holder', async () => {
    await store.set('lock', 'token-1');
    expect(await store.delIfEquals('lock', 'token-2')).toBe(false);
    expect(await store.get('lock')).toBe('token-1');
    expect(await store.delIfEquals('lock', 'token-1')).toBe(true);
    expect(await store.get('lock')).toBeNull();
  });

  it('slidingWindow admits `limit` hits per window on the caller clock', async () => {
    const t0 = Date.now();
    const hit = (now: number, n: number) =>
      store.slidingWindow('window', { limit: 2, windowMs: 60_000, now, member: `${now}-${n}` });
    expect(await hit(t0, 1)).toEqual({ allowed: true, count: 1, resetAt: t0 + 60_000 });
    expect((await hit(t0 + 10, 2)).allowed).toBe(true);
    const third = await hit(t0 + 20, 3);
    expect(third).toEqual({ allowed: false, count: 2, resetAt: t0 + 60_000 });
    expect((await hit(t0 + 59_999, 4)).allowed).toBe(false);
    // The first hit leaves the window exactly 60 s after it was made.
    expect(await hit(t0 + 60_000, 5)).toMatchObject({ allowed: true, count: 2 });
  });
});
