import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '@/lib/platform/runtime/clock';
import { acquireSpeechSlot, countSpeechSlots } from '@/lib/speech/slots';
import {
  EmbeddedStore,
  RedisStore,
  StoreTypeError,
  type LeaseResult,
  type Store,
} from '@/lib/adapters/store';
import { createTcpDriver } from '@/lib/adapters/store/tcp-driver';
import { createUpstashDriver } from '@/lib/adapters/store/upstash-driver';
import { FAKE_UPSTASH_TOKEN, FAKE_UPSTASH_URL, upstashStandIn } from '../support/msw/upstash';
import { TEST_REDIS_URL, testPrefix } from '../support/redis';

// Leases (concurrency slots) behave the same on every adapter. Time is the store's own clock:
// the embedded store's is moved by the test; Redis's (TIME) cannot be, so there the test ages
// the stored expiries instead (every lease's score moves back by the same amount), never sleeps.
const { redis, prefixes } = upstashStandIn();

function tcpStore(prefix: string): Store {
  return new RedisStore('tcp', 'test', createTcpDriver(TEST_REDIS_URL), prefix);
}

/** Moves every stored lease time under `prefix` back by `ms`: as if `ms` had passed on Redis. */
async function ageRedisLeases(prefix: string, ms: number): Promise<void> {
  for (const key of await redis.keys(`${prefix}*`)) {
    const type = await redis.type(key);
    if (type === 'zset') {
      const flat = await redis.zrange(key, '0', '-1', 'WITHSCORES');
      for (let i = 0; i < flat.length; i += 2)
        await redis.zadd(key, String(Number(flat[i + 1]) - ms), flat[i]!);
    }
    if (type === 'hash' && key.endsWith(':starts')) {
      for (const [token, start] of Object.entries(await redis.hgetall(key)))
        await redis.hset(key, token, String(Number(start) - ms));
    }
  }
}

interface Adapter {
  /** Two stores over one backend: for Redis, two separate connections. */
  stores: [Store, Store];
  /** Lets `ms` pass on the store's clock. */
  advance(ms: number): Promise<void>;
}

function redisAdapter(label: string, make: (prefix: string) => Store): Adapter {
  const prefix = testPrefix(label);
  prefixes.push(prefix);
  return { stores: [make(prefix), make(prefix)], advance: (ms) => ageRedisLeases(prefix, ms) };
}

const adapters: [string, () => Adapter][] = [
  [
    'embedded',
    () => {
      let now = Date.parse('2026-11-02T10:00:00Z');
      const store = new EmbeddedStore({ now: () => now });
      return {
        stores: [store, store],
        advance: async (ms) => {
          now += ms;
        },
      };
    },
  ],
  ['tcp', () => redisAdapter('leases-tcp', tcpStore)],
  [
    'upstash',
    () =>
      redisAdapter(
        'leases-upstash',
        (prefix) =>
          new RedisStore(
            'upstash',
            'test',
            createUpstashDriver(FAKE_UPSTASH_URL, FAKE_UPSTASH_TOKEN),
            prefix,
          ),
      ),
  ],
];

const TTL = 15_000;
// Redis's clock keeps running while a test talks to it: waits are compared within this margin.
const SLACK = 250;

function expectRefused(result: LeaseResult, count: number, retryAfterMs: number): void {
  expect({ acquired: result.acquired, count: result.count }).toEqual({ acquired: false, count });
  // Durations measured on Redis include the few ms the test's own round trips took.
  expect(Math.abs(result.retryAfterMs - retryAfterMs)).toBeLessThan(SLACK);
}

describe.each(adapters)('store leases: %s', (_name, create) => {
  let store: Store;
  let other: Store;
  let advance: (ms: number) => Promise<void>;
  // Sessions (held until released): a refusal waits for lease expiries.
  const acquire = (token: string, limit = 2, key = 'slots') =>
    store.leaseAcquire(key, { token, limit, ttlMs: TTL, kind: 'session' });
  // Tasks (released when their work ends): a refusal estimates from how long tasks take.
  const task = (token: string, limit = 1, key = 'tasks') =>
    store.leaseAcquire(key, { token, limit, ttlMs: TTL, kind: 'task' });
  /** A task that holds its lease `ms` on the store's clock. */
  const runTask = async (token: string, ms: number, key = 'tasks') => {
    expect((await task(token, 1, key)).acquired).toBe(true);
    await advance(ms);
    expect(await store.leaseRelease(key, token)).toBe(true);
  };

  beforeEach(async () => {
    await store?.close();
    if (other !== store) await other?.close();
    const adapter = create();
    [store, other] = adapter.stores;
    advance = adapter.advance;
  });
  afterAll(async () => {
    await store?.close();
    if (other !== store) await other?.close();
  });

  it('acquires up to the limit, then refuses with the count and the wait for the soonest expiry', async () => {
    expect(await acquire('a')).toEqual({ acquired: true, count: 1, retryAfterMs: 0 });
    await advance(1_000);
    expect(await acquire('b')).toEqual({ acquired: true, count: 2, retryAfterMs: 0 });
    await advance(3_000);
    // 'a' expires 15 s after it was taken, so 4 s later a slot frees in 11 s.
    expectRefused(await acquire('c'), 2, 11_000);
    expect(await store.leaseCount('slots')).toBe(2);
    // A refusal leaves nothing behind.
    expect(await store.leaseRelease('slots', 'c')).toBe(false);
  });

  it('a token that already holds a lease is refreshed, not counted twice', async () => {
    await acquire('a');
    await advance(5_000);
    expect(await acquire('a')).toEqual({ acquired: true, count: 1, retryAfterMs: 0 });
    // Its expiry moved to 20 s after the first acquire.
    await advance(14_000);
    expect(await store.leaseCount('slots')).toBe(1);
    await advance(1_000 + SLACK);
    expect(await store.leaseCount('slots')).toBe(0);
  });

  it('release with a wrong token does nothing; release frees exactly one', async () => {
    await acquire('a');
    await acquire('b');
    expect(await store.leaseRelease('slots', 'nobody')).toBe(false);
    expect(await store.leaseCount('slots')).toBe(2);
    expect(await store.leaseRelease('slots', 'a')).toBe(true);
    expect(await store.leaseCount('slots')).toBe(1);
    expect(await store.leaseRelease('slots', 'a')).toBe(false);
    expect((await acquire('c')).acquired).toBe(true);
    expect((await acquire('d')).acquired).toBe(false);
    expect(await store.leaseRelease('absent-key', 'a')).toBe(false);
  });

  it('renew extends a live lease; after expiry it fails and a new holder takes the slot', async () => {
    await acquire('a', 1);
    await advance(10_000);
    expect(await store.leaseRenew('slots', { token: 'a', ttlMs: TTL })).toBe(true);
    // Without the renewal 'a' would have expired at 15 s; now it holds until 25 s.
    await advance(10_000);
    expectRefused(await acquire('b', 1), 1, 5_000);
    await advance(4_000);
    expect(await store.leaseCount('slots')).toBe(1);
    // 'a' stops renewing: past 25 s its lease is gone, and renewing no longer brings it back.
    await advance(1_000 + SLACK);
    expect(await store.leaseRenew('slots', { token: 'a', ttlMs: TTL })).toBe(false);
    expect(await acquire('b', 1)).toEqual({ acquired: true, count: 1, retryAfterMs: 0 });
    await advance(1_000);
    expect(await store.leaseRenew('slots', { token: 'a', ttlMs: TTL })).toBe(false);
    expect(await store.leaseRenew('slots', { token: 'b', ttlMs: TTL })).toBe(true);
  });

  it('renew after release fails', async () => {
    await acquire('a');
    await store.leaseRelease('slots', 'a');
    expect(await store.leaseRenew('slots', { token: 'a', ttlMs: TTL })).toBe(false);
    expect(await store.leaseCount('slots')).toBe(0);
  });

  it('purges expired leases and never counts them', async () => {
    await acquire('a');
    await advance(5_000);
    await acquire('b');
    await advance(9_500);
    expect(await store.leaseCount('slots')).toBe(2);
    // A lease is dead from its expiry on.
    await advance(500 + SLACK);
    expect(await store.leaseCount('slots')).toBe(1);
    await advance(5_000);
    expect(await store.leaseCount('slots')).toBe(0);
    // Acquiring purges both dead leases first, so two slots are free again.
    expect(await acquire('c')).toMatchObject({ acquired: true, count: 1 });
    expect(await acquire('d')).toMatchObject({ acquired: true, count: 2 });
    expect(await store.leaseRelease('slots', 'a')).toBe(false);
  });

  it('the key expires with its last lease', async () => {
    await store.leaseAcquire('expiring', { token: 'a', limit: 5, ttlMs: 60_000 });
    await store.leaseAcquire('expiring', { token: 'b', limit: 5, ttlMs: 30_000 });
    const ttl = await store.ttl('expiring');
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.leaseRelease('expiring', 'a');
    await store.leaseRelease('expiring', 'b');
    expect(await store.ttl('expiring')).toBe(-2);
  });

  it('a higher limit applies at once, and a lower one waits for enough leases to expire', async () => {
    await acquire('a', 1);
    await advance(1_000);
    expect((await acquire('b', 1)).acquired).toBe(false);
    expect(await acquire('b', 3)).toMatchObject({ acquired: true, count: 2 });
    await advance(1_000);
    expect(await acquire('c', 3)).toMatchObject({ acquired: true, count: 3 });
    // Back to 1 with three held (expiring at +15, +16, +17 s): one frees only after three expire.
    await advance(1_000);
    expectRefused(await acquire('d', 1), 3, 14_000);
    await advance(13_500);
    expect((await acquire('d', 1)).acquired).toBe(false);
    await advance(500 + SLACK);
    expect(await acquire('d', 1)).toMatchObject({ acquired: true, count: 1 });
  });

  it('a limit of 0 refuses without a wait to report', async () => {
    expect(await acquire('a', 0)).toEqual({ acquired: false, count: 0, retryAfterMs: 0 });
  });

  it('keys are separate', async () => {
    await acquire('a', 1, 'org-1');
    expect((await acquire('a', 1, 'org-2')).acquired).toBe(true);
    expect(await store.leaseCount('org-1')).toBe(1);
    expect(await store.leaseCount('org-2')).toBe(1);
  });

  it('refuses a key of another kind', async () => {
    await store.set('a-string', 'x');
    await expect(acquire('a', 1, 'a-string')).rejects.toBeInstanceOf(StoreTypeError);
  });

  it('200 concurrent acquires with limit 5 from two connections admit exactly 5', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 === 0 ? store : other).leaseAcquire('race', {
          token: `t-${i}`,
          limit: 5,
          ttlMs: TTL,
        }),
      ),
    );
    const winners = results.filter((r) => r.acquired);
    expect(winners).toHaveLength(5);
    expect(results.filter((r) => !r.acquired).every((r) => r.count === 5)).toBe(true);
    expect(await store.leaseCount('race')).toBe(5);
    expect(await other.leaseCount('race')).toBe(5);
  });

  it('a refusal among tasks says 1 s while none has finished yet (nothing to go by)', async () => {
    await task('a');
    await advance(4_000);
    expect(await task('b')).toEqual({ acquired: false, count: 1, retryAfterMs: 1_000 });
  });

  it('a refusal among tasks estimates from how long this key’s tasks took, not the expiry', async () => {
    await runTask('t1', 300);
    await runTask('t2', 400);
    await runTask('t3', 2_000);
    await runTask('other', 9_000, 'another-org');
    // Typical (median) 400 ms; the holder has run 100 ms, so it should free in about 300 ms.
    await task('a');
    await advance(100);
    expectRefused(await task('b'), 1, 300);
    // A holder past the typical time is expected any moment: 0 (callers round up to 1 s).
    await advance(1_000);
    expect(await task('b')).toMatchObject({ acquired: false, retryAfterMs: 0 });
  });

  it('with a session among task holders the tasks decide; with sessions only, the expiry', async () => {
    await runTask('t1', 500, 'mixed');
    await acquire('ws', 2, 'mixed');
    await advance(1_000);
    expect((await task('a', 2, 'mixed')).acquired).toBe(true);
    await advance(200);
    expectRefused(await task('b', 2, 'mixed'), 2, 300);
    expect(await store.leaseRelease('mixed', 'a')).toBe(true);
    expect((await task('c', 2, 'mixed')).acquired).toBe(true);
    expect(await store.leaseRelease('mixed', 'c')).toBe(true);
    // Only the socket's session and one more left: a second session fills the cap.
    await acquire('ws2', 2, 'mixed');
    // Every holder a session: they free only when they expire (ws in 13.8 s, ws2 in 15 s).
    expectRefused(await task('d', 2, 'mixed'), 2, 13_800);
  });

  it('a released session or an expired task adds nothing to the window', async () => {
    await acquire('ws', 1, 'quiet');
    await advance(5_000);
    await store.leaseRelease('quiet', 'ws');
    await task('crashed', 1, 'quiet');
    await advance(TTL + SLACK);
    // The crashed task's lease expired unreleased: still nothing to go by.
    await task('a', 1, 'quiet');
    expect(await task('b', 1, 'quiet')).toMatchObject({ acquired: false, retryAfterMs: 1_000 });
  });

  it('an instance whose clock runs an hour fast cannot expire another instance’s slot early', async () => {
    const clock = (offsetMs: number): Clock => ({
      now: () => Date.now() + offsetMs,
      sleep: () => new Promise(() => {}),
    });
    const honest = { store, clock: clock(0) };
    const fast = { store: other, clock: clock(60 * 60_000) };
    const held = await acquireSpeechSlot(honest, 'skewed-org', 1);
    expect(held.ok).toBe(true);
    // Scored by the fast clock, the honest lease would look an hour old and be purged.
    expect(await acquireSpeechSlot(fast, 'skewed-org', 1)).toMatchObject({ ok: false, current: 1 });
    expect(await countSpeechSlots(fast, 'skewed-org')).toBe(1);
    // Nor can a slow clock keep its own lease alive past its expiry.
    const slow = { store: other, clock: clock(-60 * 60_000) };
    if (held.ok) expect(await held.slot.renew()).toBe(true);
    await advance(TTL + SLACK);
    expect(await countSpeechSlots(slow, 'skewed-org')).toBe(0);
    expect((await acquireSpeechSlot(slow, 'skewed-org', 1)).ok).toBe(true);
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
