import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { proxiedPostgres } from '../support/proxied-postgres';
import {
  createTestOrg,
  startVoiceServer,
  voice,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// The server reaches the real Postgres through a TCP forwarder the test cuts: every voice route
// answers 503 SERVICE_UNAVAILABLE with Retry-After (the WebSocket upgrade too), and the server
// recovers by itself when the database is reachable again.
let database: Awaited<ReturnType<typeof proxiedPostgres>>;
let proxy: Awaited<ReturnType<typeof proxiedPostgres>>['proxy'];
let server: VoiceServer;
let org: TestOrg;

beforeAll(async () => {
  database = await proxiedPostgres();
  proxy = database.proxy;
  server = await startVoiceServer({ env: { DATABASE_URL: database.url } });
  org = await createTestOrg(server.url, 10);
});
afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

/** The status and headers of a WebSocket upgrade the server refuses. */
function refusedUpgrade(): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/v2/tts/ws`, {
      headers: { authorization: `Bearer ${org.apiKey}` },
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve({
        status: response.statusCode ?? 0,
        retryAfter: response.headers['retry-after'] as string | undefined,
      });
      socket.terminate();
    });
    socket.once('open', () => reject(new Error('upgraded during an outage')));
    socket.once('error', () => {});
  });
}

describe('database outage', () => {
  it('answers 503 with Retry-After on voice routes and the socket upgrade, then recovers', async () => {
    expect((await voice(server.url, org.apiKey, '/v1/calls')).status).toBe(200);
    await proxy.cut();

    for (const path of ['/v1/calls', '/v1/voices', '/v1/voices/ava']) {
      const response = await voice(server.url, org.apiKey, path);
      expect({ path, status: response.status }).toEqual({ path, status: 503 });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    }
    const tts = await voice(server.url, org.apiKey, '/v2/tts', {
      json: { text: 'Hello.', voice: 'ava' },
    });
    expect(tts.status).toBe(503);
    const upgrade = await refusedUpgrade();
    expect(upgrade.status).toBe(503);
    expect(Number(upgrade.retryAfter)).toBeGreaterThanOrEqual(1);

    await proxy.restore();
    await eventually(async () => {
      const response = await voice(server.url, org.apiKey, '/v1/calls');
      await response.arrayBuffer();
      return response.status === 200 ? true : undefined;
    }, 15_000);
  });
});
