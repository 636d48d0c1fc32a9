import { createHash } from 'node:crypto';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedStore, RedisStore, StoreTypeError, type Store } from '@/lib/store';
import { createTcpDriver } from '@/lib/store/tcp-driver';
import { createUpstashDriver } from '@/lib/store/upstash-driver';
import { FAKE_UPSTASH_TOKEN, FAKE_UPSTASH_URL, upstashHandlers } from '../support/msw/upstash';
import { deletePrefix, redisClient, TEST_REDIS_URL, testPrefix } from '../support/redis';

// Leases (concurrency slots) behave the same on every adapter. Time is the caller's `now`, so
// expiry is tested by moving `now`, never by sleeping.
const redis = redisClient();
const msw = setupServer(...upstashHandlers(redis));
const prefixes: string[] = [];

beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  msw.close();
  for (const prefix of prefixes) await deletePrefix(redis, prefix);
  redis.disconnect();
});

function tcpStore(prefix: string): Store {
  return new RedisStore('tcp', 'test', createTcpDriver(TEST_REDIS_URL), prefix);
}

/** Each entry makes two stores over one backend: for Redis, two separate connections. */
const adapters: [string, () => [Store, Store]][] = [
  [
    'embedded',
    () => {
      const store = new EmbeddedStore();
      return [store, store];
    },
  ],
  [
    'tcp',
    () => {
      const prefix = testPrefix('leases-tcp');
      prefixes.push(prefix);
      return [tcpStore(prefix), tcpStore(prefix)];
    },
  ],
  [
    'upstash',
    () => {
      const prefix = testPrefix('leases-upstash');
      prefixes.push(prefix);
      const upstash = () =>
        new RedisStore(
          'upstash',
          'test',
          createUpstashDriver(FAKE_UPSTASH_URL, FAKE_UPSTASH_TOKEN),
          prefix,
        );
      return [upstash(), upstash()];
    },
  ],
];

const T0 = Date.parse('2026-11-02T10:00:00Z');
const TTL = 15_000;

describe.each(adapters)('store leases: %s', (_name, create) => {
  let store: Store;
  let other: Store;
  const acquire = (token: string, now: number, limit = 2, key = 'slots') =>
    store.leaseAcquire(key, { token, limit, ttlMs: TTL, now });

  beforeEach(async () => {
    await store?.close();
    if (other !== store) await other?.close();
    [store, other] = create();
  });
  afterAll(async () => {
    await store?.close();
    if (other !== store) await other?.close();
  });

  it('acquires up to the limit, then refuses with the count and the wait for the soonest expiry', async () => {
    expect(await acquire('a', T0)).toEqual({ acquired: true, count: 1, retryAfterMs: 0 });
    expect(await acquire('b', T0 + 1_000)).toEqual({ acquired: true, count: 2, retryAfterMs: 0 });
    // 'a' expires at T0 + 15 s, so from T0 + 4 s a slot frees in 11 s.
    expect(await acquire('c', T0 + 4_000)).toEqual({
      acquired: false,
      count: 2,
      retryAfterMs: 11_000,
    });
    expect(await store.leaseCount('slots', T0 + 4_000)).toBe(2);
    // A refusal leaves nothing behind.
    expect(await store.leaseRelease('slots', 'c')).toBe(false);
  });

  it('a token that already holds a lease is refreshed, not counted twice', async () => {
    await acquire('a', T0);
    expect(await acquire('a', T0 + 5_000)).toEqual({ acquired: true, count: 1, retryAfterMs: 0 });
    // Its expiry moved to T0 + 20 s.
    expect(await store.leaseCount('slots', T0 + 19_999)).toBe(1);
    expect(await store.leaseCount('slots', T0 + 20_000)).toBe(0);
  });

  it('release with a wrong token does nothing; release frees exactly one', async () => {
    await acquire('a', T0);
    await acquire('b', T0);
    expect(await store.leaseRelease('slots', 'nobody')).toBe(false);
    expect(await store.leaseCount('slots', T0)).toBe(2);
    expect(await store.leaseRelease('slots', 'a')).toBe(true);
    expect(await store.leaseCount('slots', T0)).toBe(1);
    expect(await store.leaseRelease('slots', 'a')).toBe(false);
    expect((await acquire('c', T0)).acquired).toBe(true);
    expect((await acquire('d', T0)).acquired).toBe(false);
    expect(await store.leaseRelease('absent-key', 'a')).toBe(false);
  });

  it('renew extends a live lease; after expiry it fails and a new holder takes the slot', async () => {
    await acquire('a', T0, 1);
    expect(await store.leaseRenew('slots', { token: 'a', ttlMs: TTL, now: T0 + 10_000 })).toBe(
      true,
    );
    // Without the renewal 'a' would have expired at T0 + 15 s; now it holds until T0 + 25 s.
    expect(await acquire('b', T0 + 20_000, 1)).toEqual({
      acquired: false,
      count: 1,
      retryAfterMs: 5_000,
    });
    expect(await store.leaseCount('slots', T0 + 24_999)).toBe(1);
    // 'a' stops renewing: at T0 + 25 s its lease is gone, and renewing no longer brings it back.
    expect(await store.leaseRenew('slots', { token: 'a', ttlMs: TTL, now: T0 + 25_000 })).toBe(
      false,
    );
    expect(await acquire('b', T0 + 25_000, 1)).toEqual({
      acquired: true,
      count: 1,
      retryAfterMs: 0,
    });
    expect(await store.leaseRenew('slots', { token: 'a', ttlMs: TTL, now: T0 + 26_000 })).toBe(
      false,
    );
    expect(await store.leaseRenew('slots', { token: 'b', ttlMs: TTL, now: T0 + 26_000 })).toBe(
      true,
    );
  });

  it('renew after release fails', async () => {
    await acquire('a', T0);
    await store.leaseRelease('slots', 'a');
    expect(await store.leaseRenew('slots', { token: 'a', ttlMs: TTL, now: T0 + 1 })).toBe(false);
    expect(await store.leaseCount('slots', T0 + 1)).toBe(0);
  });

  it('purges expired leases and never counts them', async () => {
    await acquire('a', T0);
    await acquire('b', T0 + 5_000);
    expect(await store.leaseCount('slots', T0 + 14_999)).toBe(2);
    // A lease is dead from its expiry instant on.
    expect(await store.leaseCount('slots', T0 + 15_000)).toBe(1);
    expect(await store.leaseCount('slots', T0 + 20_000)).toBe(0);
    // Acquiring purges both dead leases first, so two slots are free again.
    expect(await acquire('c', T0 + 20_000)).toMatchObject({ acquired: true, count: 1 });
    expect(await acquire('d', T0 + 20_000)).toMatchObject({ acquired: true, count: 2 });
    expect(await store.leaseRelease('slots', 'a')).toBe(false);
  });

  it('the key expires with its last lease', async () => {
    const now = Date.now();
    await store.leaseAcquire('expiring', { token: 'a', limit: 5, ttlMs: 60_000, now });
    await store.leaseAcquire('expiring', { token: 'b', limit: 5, ttlMs: 30_000, now });
    const ttl = await store.ttl('expiring');
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.leaseRelease('expiring', 'a');
    await store.leaseRelease('expiring', 'b');
    expect(await store.ttl('expiring')).toBe(-2);
  });

  it('a higher limit applies at once, and a lower one waits for enough leases to expire', async () => {
    await acquire('a', T0, 1);
    expect((await acquire('b', T0 + 1_000, 1)).acquired).toBe(false);
    expect(await acquire('b', T0 + 1_000, 3)).toMatchObject({ acquired: true, count: 2 });
    expect(await acquire('c', T0 + 2_000, 3)).toMatchObject({ acquired: true, count: 3 });
    // Back to 1 with three held (expiring at +15, +16, +17 s): one frees only after three expire.
    expect(await acquire('d', T0 + 3_000, 1)).toEqual({
      acquired: false,
      count: 3,
      retryAfterMs: 14_000,
    });
    expect((await acquire('d', T0 + 16_999, 1)).acquired).toBe(false);
    expect(await acquire('d', T0 + 17_000, 1)).toMatchObject({ acquired: true, count: 1 });
  });

  it('a limit of 0 refuses without a wait to report', async () => {
    expect(await acquire('a', T0, 0)).toEqual({ acquired: false, count: 0, retryAfterMs: 0 });
  });

  it('keys are separate', async () => {
    await acquire('a', T0, 1, 'org-1');
    expect((await acquire('a', T0, 1, 'org-2')).acquired).toBe(true);
    expect(await store.leaseCount('org-1', T0)).toBe(1);
    expect(await store.leaseCount('org-2', T0)).toBe(1);
  });

  it('refuses a key of another kind', async () => {
    await store.set('a-string', 'x');
    await expect(acquire('a', T0, 1, 'a-string')).rejects.toBeInstanceOf(StoreTypeError);
  });

  it('200 concurrent acquires with limit 5 from two connections admit exactly 5', async () => {
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 === 0 ? store : other).leaseAcquire('race', {
          token: `t-${i}`,
          limit: 5,
          ttlMs: TTL,
          now,
        }),
      ),
    );
    const winners = results.filter((r) => r.acquired);
    expect(winners).toHaveLength(5);
    expect(results.filter((r) => !r.acquired).every((r) => r.count === 5)).toBe(true);
    expect(await store.leaseCount('race', now)).toBe(5);
    expect(await other.leaseCount('race', now)).toBe(5);
  });
});

describe('tcp driver scripts', () => {
  it('runs a script the server has not seen (NOSCRIPT → EVAL), then by its hash', async () => {
    const driver = createTcpDriver(TEST_REDIS_URL);
    // A unique body, so the server's script cache cannot know it yet.
    const script = `-- ${Date.now()}-${Math.random()}\nreturn ARGV[1] .. KEYS[1]`;
    const sha = createHash('sha1').update(script).digest('hex');
    expect(await redis.script('EXISTS', sha)).toEqual([0]);
    expect(await driver.eval(script, ['k'], ['first:'])).toBe('first:k');
    expect(await redis.script('EXISTS', sha)).toEqual([1]);
    expect(await driver.eval(script, ['k'], ['second:'])).toBe('second:k');
    await driver.quit();
  });
});
