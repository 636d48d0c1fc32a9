import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/platform/errors/api-error';
import { submitLead } from '@/lib/site/leads/submit-lead';
import { RedisStore } from '@/lib/adapters/store';
import { createTcpDriver } from '@/lib/adapters/store/tcp-driver';
import { fakeClock, leadDeps } from '../support/lead-deps';
import { deletePrefix, redisClient, TEST_REDIS_URL, testPrefix } from '../support/redis';

// The per-IP-per-form limit on a real redis-server, as two instances would share it: two store
// connections, one injected clock, so the 60 s window can be crossed without waiting.
const prefix = testPrefix('lead-rate-limit');
const instances = [1, 2].map(
  (n) => new RedisStore('tcp', `instance ${n}`, createTcpDriver(TEST_REDIS_URL), prefix),
);

afterAll(async () => {
  const client = redisClient();
  await deletePrefix(client, prefix);
  client.disconnect();
  await Promise.all(instances.map((store) => store.close()));
});

const request = (formSlug: string, n: number, ip: string) => ({
  body: {
    formSlug,
    values:
      formSlug === 'newsletter'
        ? { email: `n${n}@acme.example` }
        : { email: `e${n}@acme.example`, phone: '+1 415 555 0100' },
  },
  ip,
  referer: null,
  crmutkCookie: null,
});

describe('lead rate limit on Redis', () => {
  it('admits exactly 5 of 10 concurrent submissions across instances, then frees after 60 s', async () => {
    const clock = fakeClock();
    const a = leadDeps({ store: instances[0]!, clock }).deps;
    const b = leadDeps({ store: instances[1]!, clock }).deps;
    const ip = '203.0.113.50';
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        submitLead(n % 2 ? a : b, request('enterprise-contact', n, ip)).then(
          () => 'ok' as const,
          (error: unknown) => error as ApiError,
        ),
      ),
    );
    const refused = outcomes.filter((o): o is ApiError => o !== 'ok');
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect(error.code).toBe('RATE_LIMITED');
      expect(Number(error.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
      expect(error.headers['RateLimit-Policy']).toBe('"lead-submit";q=5;w=60');
    }

    // Another IP and another form have windows of their own.
    await expect(
      submitLead(a, request('enterprise-contact', 20, '203.0.113.51')),
    ).resolves.toBeTruthy();
    await expect(submitLead(b, request('newsletter', 21, ip))).resolves.toBeTruthy();

    clock.advance(59_999);
    await expect(submitLead(a, request('enterprise-contact', 30, ip))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    clock.advance(1);
    await expect(submitLead(b, request('enterprise-contact', 31, ip))).resolves.toBeTruthy();
  });
});
