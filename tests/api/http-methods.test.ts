// Methods on every route: OPTIONS and 405 agree on the true methods, methods Next cannot serve
// (TRACE, PROPFIND, CONNECT, ...) get the envelope from server.ts, and no request leaves a stack
// trace in the log.
import { readdirSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorEnvelope } from '@/schemas/error';
import { ADMIN_TOKEN } from '../support/http';
import { startServer, type RunningServer } from '../support/server';
import { createTestOrg } from '../support/voice-api';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_TOKEN } });
});
afterAll(async () => {
  await server?.stop();
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Any method over plain node:http (fetch refuses TRACE, TRACK and CONNECT). */
function raw(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const url = new URL(path, server.url);
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    // CONNECT answers arrive as a 'connect' event with the socket, not as a response.
    outgoing.on('connect', (response, socket, head: Buffer) => {
      let body = head.toString('utf8');
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (body += chunk));
      socket.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function expectEnvelope(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  // Not strict: some marketing routes add legacy keys beside the envelope.
  const envelope = ApiErrorEnvelope.parse(JSON.parse(answer.body));
  expect(envelope.error).toMatchObject({ code, status });
  return envelope;
}

/** Every route.ts under app/, as a concrete path (dynamic segments filled with a sample). */
function routePaths(): string[] {
  const root = join(process.cwd(), 'app');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (file) => file.endsWith(`${sep}route.ts`) || file === 'route.ts',
  );
  return files.map(
    (file) =>
      '/' +
      relative(root, join(root, file))
        .split(sep)
        .slice(0, -1)
        .filter((segment) => !segment.startsWith('('))
        .map((segment) =>
          segment.startsWith('[[...')
            ? 'no-such-thing'
            : segment.startsWith('[')
              ? '00000000-0000-4000-8000-000000000000'
              : segment,
        )
        .join('/'),
  );
}

const PAGES = ['/', '/blog', '/contact'];
const CANDIDATES = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('OPTIONS and 405 list the same, true methods', () => {
  const paths = routePaths();

  it('finds the routes', () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toContain('/v1/calls');
    expect(paths).toContain('/v2/tts/ws');
  });

  it.each(paths)('%s', async (path) => {
    const options = await raw('OPTIONS', path);
    expect(options.status).toBe(204);
    const allow = String(options.headers.allow);
    const listed = allow.split(', ');
    expect(listed).toContain('OPTIONS');
    // A method OPTIONS does not list answers 405 with exactly the same Allow.
    for (const method of CANDIDATES.filter((m) => !listed.includes(m))) {
      const refused = await raw(method, path);
      expectEnvelope(refused, 405, 'METHOD_NOT_ALLOWED');
      expect(refused.headers.allow).toBe(allow);
    }
    // A method OPTIONS lists is never answered 405.
    for (const method of CANDIDATES.filter((m) => listed.includes(m)))
      expect((await raw(method, path)).status).not.toBe(405);
    // TRACE gets the envelope and the same Allow (Next alone answered a text/plain 500).
    const trace = await raw('TRACE', path);
    expectEnvelope(trace, 405, 'METHOD_NOT_ALLOWED');
    expect(trace.headers.allow).toBe(allow);
  });

  it('sends no CORS grant on a preflight: no route allows other origins', async () => {
    const preflight = await raw('OPTIONS', '/v1/calls', {
      origin: 'https://elsewhere.example',
      'access-control-request-method': 'POST',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
  });
});

describe('methods Next cannot serve', () => {
  it.each(['TRACE', 'PROPFIND', 'SEARCH', 'PURGE', 'MKCOL', 'LOCK'])(
    '%s answers 405 in the envelope with the route’s Allow',
    async (method) => {
      const answer = await raw(method, '/v1/calls');
      const envelope = expectEnvelope(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(envelope.error.docs).toBe(`${server.url}/v1/openapi.json`);
    },
  );

  it('TRACE on the marketing API and on pages', async () => {
    const api = await raw('TRACE', '/api/leads');
    expect(expectEnvelope(api, 405, 'METHOD_NOT_ALLOWED').error.docs).toBe(
      `${server.url}/openapi.json`,
    );
    expect(api.headers.allow).toBe('POST, OPTIONS');
    for (const page of PAGES) {
      const answer = await raw('TRACE', page);
      expectEnvelope(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBe('GET, HEAD');
    }
  });

  it('CONNECT answers 405 in the envelope', async () => {
    const answer = await raw('CONNECT', '/v1/calls');
    expectEnvelope(answer, 405, 'METHOD_NOT_ALLOWED');
    expect(answer.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
  });

  it('a path whose escapes are not UTF-8 is a 404 in the envelope', async () => {
    for (const path of ['/v1/voices/%ED%A0%80', '/api/blog/%FF/markdown', '/blog/%C3']) {
      expectEnvelope(await raw('GET', path), 404, 'NOT_FOUND');
    }
  });
});

describe('GET /v2/tts/ws without an upgrade', () => {
  it('is 401 without a key, then 426 UPGRADE_REQUIRED', async () => {
    const anonymous = await raw('GET', '/v2/tts/ws');
    expectEnvelope(anonymous, 401, 'UNAUTHENTICATED');
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    const { apiKey } = await createTestOrg(server.url);
    for (const answer of [
      await raw('GET', '/v2/tts/ws', { authorization: `Bearer ${apiKey}` }),
      await raw('GET', `/v2/tts/ws?api_key=${apiKey}`),
    ]) {
      expectEnvelope(answer, 426, 'UPGRADE_REQUIRED');
      expect(answer.headers.upgrade).toBe('websocket');
    }
  });
});

describe('the authorization server’s documented paths', () => {
  // oidc-provider alone answered OPTIONS and any other method with a bare text 404, so TRACE's
  // probe fell back to a page's "GET, HEAD" even on the POST-only token endpoint.
  it.each([
    ['/.well-known/oauth-authorization-server/authorization', 'GET, HEAD, OPTIONS'],
    ['/authorization/authorize', 'GET, HEAD, OPTIONS'],
    ['/authorization/token', 'POST, OPTIONS'],
    ['/authorization/register', 'POST, OPTIONS'],
    ['/authorization/revoke', 'POST, OPTIONS'],
  ])('%s: OPTIONS, 405 and TRACE agree on %s', async (path, allow) => {
    const options = await raw('OPTIONS', path);
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe(allow);
    for (const method of ['PUT', 'DELETE', 'TRACE']) {
      const refused = await raw(method, path);
      const envelope = expectEnvelope(refused, 405, 'METHOD_NOT_ALLOWED');
      expect(refused.headers.allow).toBe(allow);
      expect(envelope.error.docs).toBe(`${server.url}/v1/openapi.json`);
    }
  });

  it('a CORS preflight still reaches the provider (browser-based OAuth clients)', async () => {
    const preflight = await raw('OPTIONS', '/authorization/token', {
      origin: 'https://client.example',
      'access-control-request-method': 'POST',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toMatch(/POST/);
  });
});

describe('the log', () => {
  it('holds no failure of Next and no unexpected error from any of these requests', () => {
    // (/api/contact logs its spec-mandated 500 for a body that is not JSON: not a crash.)
    expect(server.logs()).not.toMatch(/⨯|is unsupported|URIError|\] INTERNAL_ERROR:/);
  });
});
