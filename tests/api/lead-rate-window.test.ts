import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoValues, freshRedisDb, leadServerEnv, nextIp } from '../support/leads-api';
import { postJson } from '../support/http';
import { createClockFile, FIXED_CLOCK_PRELOAD } from '../support/clock-file';
import { SAAS_PRELOAD, saasFake } from '../support/msw/saas-fake';
import { startServer, type RunningServer } from '../support/server';

// The per-IP-per-form window across two instances sharing one Redis, with both servers' clocks
// injected from one file (tests/support/fixed-clock.ts), so 60 s pass without waiting.
const fake = saasFake();
const clock = createClockFile('2026-11-02T10:00:00.000Z');
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  const env = { ...leadServerEnv(fake, await freshRedisDb(15)), ...clock.env };
  const preload = [SAAS_PRELOAD, FIXED_CLOCK_PRELOAD];
  [a, b] = await Promise.all([startServer({ preload, env }), startServer({ preload, env })]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

describe('rate-limit window across two instances', () => {
  it('admits 5 of 10, stays closed until 60 s have passed, then frees', async () => {
    const ip = nextIp();
    let n = 0;
    const submit = (server: RunningServer) =>
      postJson(
        server.url,
        '/api/leads',
        { formSlug: 'demo-request', values: demoValues(`window${(n += 1)}@acme.example`) },
        { ip },
      );

    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(i % 2 ? a : b)));
    expect(burst.map((r) => r.status).sort()).toEqual([
      ...Array(5).fill(200),
      ...Array(5).fill(429),
    ]);
    const refused = burst.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('60');

    clock.set('2026-11-02T10:00:59.999Z');
    const stillClosed = await submit(a);
    expect(stillClosed.status).toBe(429);
    expect(stillClosed.headers.get('retry-after')).toBe('1');

    clock.set('2026-11-02T10:01:00.000Z');
    expect((await submit(b)).status).toBe(200);
    expect((await submit(a)).status).toBe(200);
  });
});
