import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoValues, freshRedisDb, leadServerEnv, listLeads, nextIp } from '../support/leads-api';
import { eventually } from '../support/eventually';
import { ADMIN_TOKEN, expectError, postJson } from '../support/http';
import { SAAS_PRELOAD, saasFake } from '../support/msw/saas-fake';
import { freePort, ownRedis } from '../support/own-redis';
import { startServer, type RunningServer } from '../support/server';

// Two instances sharing one Redis, and faults: CMS down, store down.
const fake = saasFake();
let redisUrl: string;
let a: RunningServer;
let b: RunningServer;

const env = () => leadServerEnv(fake, redisUrl);

beforeAll(async () => {
  redisUrl = await freshRedisDb(13);
  [a, b] = await Promise.all([
    startServer({ preload: [SAAS_PRELOAD], env: env() }),
    startServer({ preload: [SAAS_PRELOAD], env: env() }),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

describe('two instances sharing one Redis', () => {
  /** Ten concurrent submissions from one IP, alternating between the two instances. */
  const tenAcrossInstances = (body: (i: number) => unknown) => {
    const ip = nextIp();
    return Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postJson(i % 2 === 0 ? a.url : b.url, '/api/leads', body(i), { ip }),
      ),
    );
  };

  it('the per-IP-per-form limit holds across instances: exactly 5 of 10 succeed', async () => {
    const responses = await tenAcrossInstances((i) => ({
      formSlug: 'demo-request',
      values: demoValues(`multi${i}@acme.example`),
    }));
    expect(responses.map((r) => r.status).sort()).toEqual([
      ...Array(5).fill(200),
      ...Array(5).fill(429),
    ]);
  });

  it('twins of one event_id on both instances store one lead and push once', async () => {
    const eventId = randomUUID();
    const email = `multi-twin-${eventId.slice(0, 8)}@acme.example`;
    const responses = await tenAcrossInstances(() => ({
      formSlug: 'newsletter',
      values: { email },
      event_id: eventId,
    }));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(await Promise.all(responses.map((r) => r.text()))).size).toBe(1);
    const stored = await eventually(async () => {
      const leads = (await listLeads(a.url, 'newsletter')).filter((l) => l.eventId === eventId);
      return leads.every((l) => l.sync?.syncStatus === 'synced') ? leads : undefined;
    });
    expect(stored).toHaveLength(1);
    expect(fake.hubspotCallsFor(email)).toHaveLength(1);
  });
});

describe('faults', () => {
  it('CMS down → 503 FORM_LOOKUP_FAILED and nothing stored', async () => {
    const client = new Redis(redisUrl);
    const before = await client.llen('vai:lead:all');
    const broken = await startServer({
      env: { ...env(), CMS_DATASET: '/nonexistent/dataset.ndjson' },
    });
    try {
      const eventId = randomUUID();
      const response = await postJson(
        broken.url,
        '/api/leads',
        { formSlug: 'newsletter', values: { email: 'cms@acme.example' }, event_id: eventId },
        { ip: nextIp() },
      );
      await expectError(response, 503, 'FORM_LOOKUP_FAILED');
      expect(await client.llen('vai:lead:all')).toBe(before);
      // The claim is released, so the same request succeeds once the CMS is back.
      expect(await client.exists(`vai:lead:event:${eventId}`)).toBe(0);
      const retry = await postJson(
        a.url,
        '/api/leads',
        { formSlug: 'newsletter', values: { email: 'cms@acme.example' }, event_id: eventId },
        { ip: nextIp() },
      );
      expect(retry.status).toBe(200);
    } finally {
      client.disconnect();
      await broken.stop();
    }
  });

  it('store down → 500 SUBMISSION_STORE_FAILED, then the same event_id succeeds once it is back', async () => {
    const redis = ownRedis(await freePort());
    await redis.start();
    const server = await startServer({
      env: { ADMIN_TOKEN, TRUST_PROXY: 'true', REDIS_URL: redis.url },
    });
    try {
      const body = {
        formSlug: 'newsletter',
        values: { email: 'store@acme.example' },
        event_id: randomUUID(),
      };
      const ip = nextIp();
      await redis.stop();
      await expectError(
        await postJson(server.url, '/api/leads', body, { ip }),
        500,
        'SUBMISSION_STORE_FAILED',
      );
      await redis.start();
      const retry = await postJson(server.url, '/api/leads', body, { ip });
      expect(retry.status).toBe(200);
      const { submissionId } = (await retry.json()) as { submissionId: string };
      const stored = await listLeads(server.url, 'newsletter');
      expect(stored.map((l) => l.id)).toEqual([submissionId]);
    } finally {
      await server.stop();
      await redis.stop();
    }
  });
});

describe('client IP', () => {
  it('without TRUST_PROXY a client cannot pick its IP with X-Forwarded-For', async () => {
    const direct = await startServer({ env: { REDIS_URL: redisUrl } });
    try {
      const responses = await Promise.all(
        Array.from({ length: 7 }, (_, i) =>
          postJson(
            direct.url,
            '/api/leads',
            {
              formSlug: 'enterprise-contact',
              values: { email: `xff${i}@acme.example`, phone: '+1 415 555 0100' },
            },
            { ip: nextIp() },
          ),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    } finally {
      await direct.stop();
    }
  });
});
