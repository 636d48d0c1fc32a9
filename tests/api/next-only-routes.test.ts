// The routes server.ts answers beside Next (/v1/mcp, /v1/calls) served by Next alone, as on a
// serverless host where server.ts does not run: `next start` over the same build.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../support/databases';
import { freePort } from '../support/free-port';
import { ADMIN_TOKEN } from '../support/http';
import { TEST_REDIS_URL } from '../support/redis';
import { createTestOrg, voice } from '../support/voice-api';

describe('served by Next alone (a serverless host)', () => {
  let base = '';
  let stop = async () => {};

  beforeAll(async () => {
    const database = await freshPostgresUrl();
    const port = await freePort();
    // Its own process group: `next start` leaves a next-server child behind a plain kill.
    const child = spawn(
      process.execPath,
      ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          NEXT_TELEMETRY_DISABLED: '1',
          ADMIN_TOKEN,
          DATABASE_URL: database.url,
          REDIS_URL: TEST_REDIS_URL,
          STORE_KEY_PREFIX: `vai-next-only-${port}:`,
          CALL_SCHEDULER: 'false',
        },
      },
    );
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`next start did not start:\n${output}`)),
        60_000,
      );
      child.stdout!.on('data', () => {
        if (/Ready/i.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => reject(new Error(`next start exited with ${code}:\n${output}`)));
    });
    base = `http://127.0.0.1:${port}`;
    stop = async () => {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await database.drop();
    };
  });
  afterAll(() => stop());

  it('places a call and answers the tool server as server.ts does', async () => {
    const org = await createTestOrg(base, 5);
    const placed = await voice(base, org.apiKey, '/v1/calls', {
      json: { phone_number: '+14155550123', task: 'Say hello.' },
    });
    expect(placed.status).toBe(200);
    const { call_id } = (await placed.json()) as { call_id: string };

    const mcp = await voice(base, org.apiKey, '/v1/mcp', {
      headers: { accept: 'application/json, text/event-stream' },
      json: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_call', arguments: { call_id } },
      },
    });
    expect(mcp.status).toBe(200);
    const answer = (await mcp.json()) as { result: { structuredContent: { call_id: string } } };
    expect(answer.result.structuredContent.call_id).toBe(call_id);

    const refused = await fetch(`${base}/v1/mcp`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
  });
});
