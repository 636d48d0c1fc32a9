import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { freePort, ownRedis } from '../support/own-redis';
import { startServer, type RunningServer } from '../support/server';

// GET /healthz: what the Dockerfile's HEALTHCHECK and the compose file's checks ask.
let plain: RunningServer;
let onRedis: RunningServer;
let redis: ReturnType<typeof ownRedis>;

beforeAll(async () => {
  redis = ownRedis(await freePort());
  await redis.start();
  // No ADMIN_TOKEN: /internal/health is 404 here, the public check must still answer.
  [plain, onRedis] = await Promise.all([
    startServer(),
    startServer({ env: { REDIS_URL: redis.url, STORE_KEY_PREFIX: 'healthz:' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), onRedis?.stop()]);
  await redis?.stop();
});

const health = async (server: RunningServer) => {
  const response = await fetch(server.url + '/healthz');
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as unknown,
  };
};

describe('GET /healthz', () => {
  it('answers 200 without any token, naming no adapter or error', async () => {
    const { status, headers, body } = await health(plain);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(headers.get('cache-control')).toBe('no-store');
    expect((await fetch(plain.url + '/internal/health')).status).toBe(404);
    expect((await fetch(plain.url + '/healthz', { method: 'HEAD' })).status).toBe(200);
  });

  it('answers 503 with Retry-After while Redis is down, and 200 again once it is back', async () => {
    expect((await health(onRedis)).status).toBe(200);
    await redis.stop();
    const down = await eventually(async () => {
      const answer = await health(onRedis);
      return answer.status === 503 ? answer : undefined;
    });
    const body = down.body as {
      ok: boolean;
      error: { code: string; message: string; hint: string };
    };
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
    // It names nothing: no adapter, no host, no driver message.
    expect(`${body.error.message} ${body.error.hint}`).not.toMatch(
      /redis|postgres|pglite|127\.0\.0\.1|ECONN/i,
    );
    expect(down.headers.get('retry-after')).toBe('5');
    await redis.start();
    // The same process recovers: no restart.
    await eventually(async () => ((await health(onRedis)).status === 200 ? true : undefined));
  });

  it('refuses other methods with 405 and Allow', async () => {
    const response = await fetch(plain.url + '/healthz', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
  });
});
