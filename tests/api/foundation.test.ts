import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorEnvelope } from '@/schemas/error';
import { runServerExpectingExit, startServer, type RunningServer } from '../support/server';

const ADMIN_TOKEN = 'test-admin-token-0123456789';
let server: RunningServer;

beforeAll(async () => {
  // The first start of `npm start`: the embedded database is created from nothing.
  server = await startServer({
    env: { ADMIN_TOKEN, PRELOAD_ROUTES: 'true' },
    freshEmbeddedDatabase: true,
  });
});
afterAll(async () => {
  await server?.stop();
});

async function expectEnvelope(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  const envelope = ApiErrorEnvelope.strict().parse(body);
  expect(envelope.error.code).toBe(code);
  expect(envelope.error.status).toBe(status);
  return envelope;
}

describe('start-up', () => {
  it('logs which adapter each port chose', () => {
    const logs = server.logs();
    expect(logs).toMatch(/^store: embedded \(.+store\.json\)$/m);
    expect(logs).toMatch(/^cms: embedded dataset content\/dataset\.ndjson \(\d+ documents\)$/m);
    expect(logs).toMatch(/^crm: outbox/m);
    expect(logs).toMatch(/^botcheck: off/m);
    expect(logs).toMatch(/^webhooks: outbox/m);
    // Loaded before `ready`, not on the event loop of the first requests (Next's hooks are private).
    expect(logs).toMatch(/^next: route and proxy modules loaded at start-up$/m);
  });

  it('refuses a bad environment value, naming the variable', async () => {
    const { code, output } = await runServerExpectingExit({ REDIS_URL: 'http://not-redis' });
    expect(code).toBe(1);
    expect(output).toContain('REDIS_URL');
    expect(output).not.toMatch(/at .+\.ts:\d+/); // a message, not a stack trace
  });
});

describe('OpenAPI documents', () => {
  it.each([
    ['/openapi.json', 'Marketing Site Public API'],
    ['/v1/openapi.json', 'Voice Platform API'],
  ])('%s is a valid OpenAPI 3.1 document', async (path, title) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; info: { title: string } };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe(title);
    const result = await validate(structuredClone(document) as never);
    expect(result).toMatchObject({ valid: true });
  });

  it.each(['/docs', '/v1/docs'])('%s renders a reference page for its document', async (path) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain(path === '/docs' ? '/openapi.json' : '/v1/openapi.json');
  });
});

describe('the site', () => {
  it('serves a home page', async () => {
    const response = await fetch(server.url + '/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('AI phone agents');
  });
});

describe('error envelope', () => {
  it.each(['/api/nope', '/api/blog/x/y/z/w', '/v1/unknown', '/v2/tts/nothing', '/api'])(
    'unknown path %s answers 404 NOT_FOUND in the envelope',
    async (path) => {
      const envelope = await expectEnvelope(await fetch(server.url + path), 404, 'NOT_FOUND');
      expect(envelope.error.docs).toBe(
        server.url + (path.startsWith('/v') ? '/v1/openapi.json' : '/openapi.json'),
      );
    },
  );

  it('unknown paths answer 404 for every method', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      await expectEnvelope(
        await fetch(server.url + '/v1/nothing-here', { method }),
        404,
        'NOT_FOUND',
      );
    }
  });

  it('a wrong method answers 405 in the envelope with an Allow header', async () => {
    const response = await fetch(server.url + '/openapi.json', { method: 'POST', body: '{}' });
    await expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('every error response carries a request id', async () => {
    const response = await fetch(server.url + '/api/missing');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('admin API', () => {
  it('rejects a missing or wrong token with 401', async () => {
    await expectEnvelope(await fetch(server.url + '/internal/health'), 401, 'UNAUTHORIZED');
    const wrong = await fetch(server.url + '/internal/health', {
      headers: { authorization: 'Bearer nope-nope-nope-nope' },
    });
    await expectEnvelope(wrong, 401, 'UNAUTHORIZED');
  });

  it('reports each port and whether it answers', async () => {
    const response = await fetch(server.url + '/internal/health', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      ok: boolean;
      ports: Record<string, { adapter: string; ok: boolean }>;
      liveCalls: { eventLoopUtilization: number };
    };
    expect(body.ok).toBe(true);
    expect(Object.keys(body.ports).sort()).toEqual([
      'botcheck',
      'cms',
      'crm',
      'database',
      'store',
      'webhooks',
    ]);
    expect(body.ports.database).toMatchObject({ adapter: 'pglite', ok: true });
    expect(body.ports.store).toMatchObject({ adapter: 'embedded', ok: true });
    expect(body.ports.cms).toMatchObject({ adapter: 'embedded', ok: true });
    // This instance's live calls and event loop; without LIVE_CALL_CAPACITY it admits every call.
    expect(body.liveCalls).toMatchObject({
      liveCalls: 0,
      ringing: 0,
      capacity: null,
      admitting: true,
    });
    expect(body.liveCalls.eventLoopUtilization).toBeGreaterThanOrEqual(0);
  });

  it('does not exist without ADMIN_TOKEN', async () => {
    const plain = await startServer();
    try {
      // Test servers load route modules on first use (PRELOAD_ROUTES=false): this one still serves.
      expect(plain.logs()).toMatch(
        /^next: route modules load on first use \(PRELOAD_ROUTES=false\)$/m,
      );
      await expectEnvelope(await fetch(plain.url + '/internal/health'), 404, 'NOT_FOUND');
    } finally {
      await plain.stop();
    }
  });
});

describe('shutdown', () => {
  it('exits cleanly on SIGTERM', async () => {
    const other = await startServer();
    expect(await other.stop()).toBe(0);
    expect(other.logs()).toContain('stopped');
  });
});
