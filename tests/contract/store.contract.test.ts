import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedStore, RedisStore, StoreTypeError, type Store } from '@/lib/adapters/store';
import { createTcpDriver } from '@/lib/adapters/store/tcp-driver';
import { createUpstashDriver } from '@/lib/adapters/store/upstash-driver';
import { FAKE_UPSTASH_TOKEN, FAKE_UPSTASH_URL, upstashStandIn } from '../support/msw/upstash';
import { testPrefix } from '../support/redis';

const { prefixes } = upstashStandIn();

/** One contract, three adapters; the Redis-backed ones talk to a real redis-server. */
const adapters: [string, () => Store][] = [
  ['embedded', () => new EmbeddedStore()],
  [
    'tcp',
    () => {
      const prefix = testPrefix('tcp');
      prefixes.push(prefix);
      return new RedisStore(
        'tcp',
        'test',
        createTcpDriver(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'),
        prefix,
      );
    },
  ],
  [
    'upstash',
    () => {
      const prefix = testPrefix('upstash');
      prefixes.push(prefix);
      return new RedisStore(
        'upstash',
        'test',
        createUpstashDriver(FAKE_UPSTASH_URL, FAKE_UPSTASH_TOKEN),
        prefix,
      );
    },
  ],
];

describe.each(adapters)('store contract: %s', (_name, create) => {
  let store: Store;
  beforeEach(async () => {
    await store?.close();
    store = create();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('gets what it sets and reports missing keys as null', async () => {
    expect(await store.get('missing')).toBeNull();
    await store.set('greeting', 'héllo ✓ "quoted" \n line');
    expect(await store.get('greeting')).toBe('héllo ✓ "quoted" \n line');
    expect(await store.del('greeting')).toBe(true);
    expect(await store.del('greeting')).toBe(false);
    expect(await store.get('greeting')).toBeNull();
  });

  it('applies a ttl and reports it', async () => {
    await store.set('short', 'x', { ttlMs: 60_000 });
    const ttl = await store.ttl('short');
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.set('forever', 'x');
    expect(await store.ttl('forever')).toBe(-1);
    expect(await store.ttl('nothing')).toBe(-2);
  });

  it('setIfAbsent creates once and then returns the first value', async () => {
    expect(await store.setIfAbsent('once', 'first', { ttlMs: 60_000 })).toEqual({
      created: true,
      value: 'first',
    });
    expect(await store.setIfAbsent('once', 'second')).toEqual({ created: false, value: 'first' });
    expect(await store.get('once')).toBe('first');
  });

  it('setIfAbsent applies its extra writes only when it creates', async () => {
    const also = [
      { type: 'push' as const, key: 'log', value: 'entry-1' },
      { type: 'set' as const, key: 'record', value: '{"a":1}' },
      { type: 'hset' as const, key: 'status', fields: { sync: 'pending', tries: '0' } },
    ];
    expect((await store.setIfAbsent('guard', 'g1', { also })).created).toBe(true);
    expect((await store.setIfAbsent('guard', 'g2', { also })).created).toBe(false);
    expect(await store.listRange('log', 0, -1)).toEqual(['entry-1']);
    expect(await store.get('record')).toBe('{"a":1}');
    expect(await store.hashGetAll('status')).toEqual({ sync: 'pending', tries: '0' });
  });

  it('incr counts and sets the ttl only once', async () => {
    expect(await store.incr('n', { ttlMs: 60_000 })).toBe(1);
    expect(await store.incr('n', { by: 4, ttlMs: 1 })).toBe(5);
    expect(await store.ttl('n')).toBeGreaterThan(50_000);
  });

  it('lists push, range and cap like LRANGE', async () => {
    expect(await store.listPush('l', ['a', 'b', 'c'])).toBe(3);
    expect(await store.listRange('l', 0, -1)).toEqual(['a', 'b', 'c']);
    expect(await store.listRange('l', -2, -1)).toEqual(['b', 'c']);
    expect(await store.listRange('l', 1, 10)).toEqual(['b', 'c']);
    expect(await store.listRange('l', 5, 10)).toEqual([]);
    expect(await store.listPush('l', ['d', 'e'], { maxLength: 3 })).toBe(3);
    expect(await store.listRange('l', 0, -1)).toEqual(['c', 'd', 'e']);
    expect(await store.listRange('absent', 0, -1)).toEqual([]);
  });

  it('hashes merge fields', async () => {
    await store.hashSet('h', { a: '1', b: '2' });
    await store.hashSet('h', { b: '3' });
    expect(await store.hashGetAll('h')).toEqual({ a: '1', b: '3' });
    expect(await store.hashGetAll('none')).toEqual({});
  });

  it('refuses an operation on a key of another kind', async () => {
    await store.listPush('a-list', ['x']);
    await expect(store.get('a-list')).rejects.toBeInstanceOf(StoreTypeError);
    await expect(store.incr('a-list')).rejects.toBeInstanceOf(StoreTypeError);
  });

  it('a failed setIfAbsent leaves nothing behind', async () => {
    await store.set('not-a-list', 'x');
    await expect(
      store.setIfAbsent('guard2', 'v', { also: [{ type: 'push', key: 'not-a-list', value: 'y' }] }),
    ).rejects.toThrow();
    expect(await store.get('not-a-list')).toBe('x');
    expect(await store.get('guard2')).toBeNull();
  });

  it('200 concurrent increments give exactly 200', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => store.incr('concurrent')));
    expect(new Set(results).size).toBe(200);
    expect(Math.max(...results)).toBe(200);
    expect(await store.get('concurrent')).toBe('200');
  });

  it('200 concurrent setIfAbsent calls create exactly once', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        store.setIfAbsent('race', `writer-${i}`, {
          also: [{ type: 'push', key: 'race-log', value: `writer-${i}` }],
        }),
      ),
    );
    const winners = results.filter((r) => r.created);
    expect(winners).toHaveLength(1);
    expect(new Set(results.map((r) => r.value))).toEqual(new Set([winners[0]!.value]));
    expect(await store.listRange('race-log', 0, -1)).toEqual([winners[0]!.value]);
  });
});
