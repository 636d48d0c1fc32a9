import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorEnvelope } from '@/schemas/error';
import { CallStatsResponse } from '@/schemas/stats';
import { createClockFile, FIXED_CLOCK_PRELOAD, type ClockFile } from '../support/clock-file';
import { startServer, type RunningServer } from '../support/server';

// Every server here runs with an injected clock (tests/support/fixed-clock.ts): the test writes
// an instant into a file and the server's next `new Date()` reads it, so one running server is
// moved across bucket edges without restarts or sleeps. Tests in this file run one after another.

const PATH = '/api/stats/calls';
const BUCKET_MS = 5 * 60 * 1000;
const DEFAULT_EPOCH = '2024-01-01T00:00:00.000Z';

const clockA = createClockFile('2025-06-15T12:03:17.250Z');
const clockB = createClockFile('2025-06-15T12:03:17.250Z');
const clockOverflow = createClockFile('2025-06-15T12:03:17.250Z');

let a: RunningServer;
let b: RunningServer;
let overflow: RunningServer;

beforeAll(async () => {
  [a, b, overflow] = await Promise.all([
    startServer({ preload: [FIXED_CLOCK_PRELOAD], env: clockA.env }),
    startServer({ preload: [FIXED_CLOCK_PRELOAD], env: clockB.env }),
    // Accepted at start-up (2^53 - 1 is a valid start count), but any call on top of it would
    // make the count inexact, which the model refuses when a request asks for it.
    startServer({
      preload: [FIXED_CLOCK_PRELOAD],
      env: { ...clockOverflow.env, STATS_START_COUNT: String(Number.MAX_SAFE_INTEGER) },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), overflow?.stop()]);
});

const iso = (ms: number) => new Date(ms).toISOString();

/** GET the counter from `server` with its clock set to `at`; returns the raw response. */
async function statsAt(server: RunningServer, clock: ClockFile, at: string): Promise<Response> {
  clock.set(at);
  return fetch(server.url + PATH);
}

/** The 200 body as raw text and parsed, after checking status and headers. */
async function okAt(server: RunningServer, clock: ClockFile, at: string) {
  const response = await statsAt(server, clock, at);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const body = CallStatsResponse.parse(JSON.parse(text));
  return { response, text, body };
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  // An error must not be cached by shared caches, nor claim a freshness.
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-data-freshness')).toBeNull();
  const text = await response.text();
  const envelope = ApiErrorEnvelope.strict().parse(JSON.parse(text));
  expect(envelope.error).toMatchObject({ code: 'STATS_UNAVAILABLE', status: 500 });
  expect(envelope.error.docs).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  // No internals (the model's reason) in the body.
  expect(text).not.toMatch(/epoch|2\^53|precision|CallCountModelError/i);
}

describe('GET /api/stats/calls', () => {
  it('answers exactly the keys of CallStatsResponse with the pinned model values', async () => {
    const { text, body } = await okAt(a, clockA, '2025-06-15T12:03:17.250Z');
    expect(Object.keys(body)).toEqual(['count', 'asOf', 'previous']);
    expect(Object.keys(body.previous)).toEqual(['count', 'asOf']);
    // The same numbers the unit tests pin for the default model: the server uses it and the
    // injected clock, not the machine's time.
    expect(JSON.parse(text)).toEqual({
      count: 31_854_873,
      asOf: '2025-06-15T12:00:00.000Z',
      previous: { count: 31_854_614, asOf: '2025-06-15T11:55:00.000Z' },
    });
  });

  it('sends the cache headers, and X-Data-Freshness equal to asOf', async () => {
    const { response, body } = await okAt(a, clockA, '2025-11-02T07:44:59.999Z');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=60, stale-while-revalidate=120',
    );
    expect(body.asOf).toBe('2025-11-02T07:40:00.000Z');
    expect(response.headers.get('x-data-freshness')).toBe(body.asOf);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('puts previous exactly five minutes before asOf, never above count', async () => {
    for (const at of [
      '2024-03-31T01:02:03.004Z',
      '2025-06-15T16:00:00.000Z',
      '2026-02-28T23:59:59.999Z',
    ]) {
      const { body } = await okAt(a, clockA, at);
      expect(Date.parse(body.asOf) - Date.parse(body.previous.asOf)).toBe(BUCKET_MS);
      expect(body.previous.count).toBeLessThanOrEqual(body.count);
      expect(body.previous.count).toBeGreaterThanOrEqual(1_250_000);
    }
  });

  it('takes a time exactly on a boundary as that bucket, and 1 ms before as the previous one', async () => {
    const edge = Date.parse('2025-06-15T12:05:00.000Z');
    const on = await okAt(a, clockA, iso(edge));
    const before = await okAt(a, clockA, iso(edge - 1));
    const startOfEarlier = await okAt(a, clockA, iso(edge - BUCKET_MS));
    expect(on.body.asOf).toBe(iso(edge));
    expect(before.body.asOf).toBe(iso(edge - BUCKET_MS));
    // The whole bucket answers one body, from its first to its last millisecond.
    expect(before.text).toBe(startOfEarlier.text);
    // Crossing the edge shifts the anchors by one: the old current becomes the new previous.
    expect(on.body.previous).toEqual({ count: before.body.count, asOf: before.body.asOf });
    expect(on.body.count).toBeGreaterThan(before.body.count);
    // And back again: the same running server answers by its clock, not by what it saw last.
    expect((await okAt(a, clockA, iso(edge - 1))).text).toBe(before.text);
  });

  it('crosses midnight and the new year on the same edges', async () => {
    const edge = Date.parse('2026-01-01T00:00:00.000Z');
    expect((await okAt(a, clockA, iso(edge))).body.asOf).toBe('2026-01-01T00:00:00.000Z');
    expect((await okAt(a, clockA, iso(edge - 1))).body.asOf).toBe('2025-12-31T23:55:00.000Z');
  });

  it('never decreases over a year (every 73 h, so each hour of day is visited)', async () => {
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    const end = Date.parse('2026-01-01T00:00:00.000Z');
    let last: { count: number; asOf: string } | undefined;
    let samples = 0;
    for (let t = start; t <= end; t += 73 * 3_600_000 + 1) {
      const { body } = await okAt(a, clockA, iso(t));
      if (last) {
        expect(Date.parse(body.asOf)).toBeGreaterThan(Date.parse(last.asOf));
        expect(body.count, `${last.asOf} -> ${body.asOf}`).toBeGreaterThanOrEqual(last.count);
      }
      last = body;
      samples++;
    }
    expect(samples).toBeGreaterThanOrEqual(120);
  });
});

describe('two server instances', () => {
  it('answer byte-identical bodies for any two times in the same bucket', async () => {
    const buckets = [
      '2024-01-01T00:05:00.000Z',
      '2024-07-19T16:00:00.000Z', // the daily peak hour
      '2025-06-15T04:00:00.000Z', // the daily trough
      '2025-06-15T12:00:00.000Z',
      '2026-12-31T23:55:00.000Z',
    ];
    for (const start of buckets) {
      const first = Date.parse(start);
      const [fromA, fromB] = await Promise.all([
        okAt(a, clockA, iso(first)),
        okAt(b, clockB, iso(first + BUCKET_MS - 1)),
      ]);
      expect(fromA.body.asOf).toBe(start);
      expect(fromB.text).toBe(fromA.text);
      expect(fromB.response.headers.get('x-data-freshness')).toBe(
        fromA.response.headers.get('x-data-freshness'),
      );
    }
  });

  it('differ once one of them is a millisecond into the next bucket', async () => {
    const edge = Date.parse('2025-06-15T12:05:00.000Z');
    const [fromA, fromB] = await Promise.all([
      okAt(a, clockA, iso(edge - 1)),
      okAt(b, clockB, iso(edge)),
    ]);
    expect(fromB.text).not.toBe(fromA.text);
    expect(fromB.body.previous).toEqual({ count: fromA.body.count, asOf: fromA.body.asOf });
  });
});

describe('STATS_UNAVAILABLE', () => {
  it('answers 500 in the envelope while the bucket or its previous one is before STATS_EPOCH', async () => {
    const epoch = Date.parse(DEFAULT_EPOCH);
    await expectUnavailable(await statsAt(a, clockA, '2023-06-01T00:00:00.000Z'));
    await expectUnavailable(await statsAt(a, clockA, iso(epoch - 1)));
    // The epoch's own bucket has no previous anchor yet (it would lie before the epoch)...
    await expectUnavailable(await statsAt(a, clockA, iso(epoch)));
    await expectUnavailable(await statsAt(a, clockA, iso(epoch + BUCKET_MS - 1)));
    // ...and from the next bucket on, previous reads the start count.
    const { body } = await okAt(a, clockA, iso(epoch + BUCKET_MS));
    expect(body.previous).toEqual({ count: 1_250_000, asOf: DEFAULT_EPOCH });
  });

  it('answers 500 when the configured start count leaves no room for exact counts', async () => {
    await expectUnavailable(await statsAt(overflow, clockOverflow, '2025-06-15T12:03:17.250Z'));
    // The server stays up and keeps answering (the error is per request, not per process).
    await expectUnavailable(await statsAt(overflow, clockOverflow, '2025-06-15T12:08:00.000Z'));
    expect(overflow.logs()).toContain('STATS_UNAVAILABLE');
  });
});

describe('contract', () => {
  it('answers 405 with an Allow header for POST', async () => {
    const response = await fetch(a.url + PATH, { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const envelope = ApiErrorEnvelope.strict().parse(await response.json());
    expect(envelope.error).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
  });

  it('is documented in /openapi.json as getCallStats', async () => {
    const response = await fetch(a.url + '/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { operationId?: string; responses?: object }>>;
    };
    const operation = document.paths[PATH]?.get;
    expect(operation?.operationId).toBe('getCallStats');
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '500']);
    expect(Object.keys(document.paths[PATH] ?? {})).toEqual(['get']);
  });
});
