import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { CallCountModel } from '@/lib/site/stats/call-count-model';
import { getCallStats } from '@/lib/site/stats/get-call-stats';
import { CallStatsResponse } from '@/schemas/stats';

const model: CallCountModel = {
  epochMs: Date.parse('2024-01-01T00:00:00Z'),
  startCount: 1_250_000,
  callsPerHour: 2400,
  dailyAmplitude: 0.6,
  peakHourUtc: 16,
};
const at = (iso: string) => new Date(iso);

function expectUnavailable(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('STATS_UNAVAILABLE');
    expect((error as ApiError).status).toBe(500);
    return;
  }
  throw new Error('expected STATS_UNAVAILABLE');
}

describe('getCallStats', () => {
  it('answers exactly the keys of CallStatsResponse (strict schema)', () => {
    const body = getCallStats(at('2025-06-15T12:03:17.250Z'), model);
    expect(CallStatsResponse.parse(body)).toEqual(body);
    expect(Object.keys(body)).toEqual(['count', 'asOf', 'previous']);
    expect(Object.keys(body.previous)).toEqual(['count', 'asOf']);
    expect(body).toEqual({
      count: 31_854_873,
      asOf: '2025-06-15T12:00:00.000Z',
      previous: { count: 31_854_614, asOf: '2025-06-15T11:55:00.000Z' },
    });
  });

  it('takes a time exactly on a boundary as that bucket, and 1 ms before as the previous one', () => {
    expect(getCallStats(at('2025-06-15T12:00:00.000Z'), model).asOf).toBe(
      '2025-06-15T12:00:00.000Z',
    );
    expect(getCallStats(at('2025-06-15T11:59:59.999Z'), model).asOf).toBe(
      '2025-06-15T11:55:00.000Z',
    );
  });

  it('puts previous exactly 5 minutes earlier, with its own count', () => {
    for (const iso of [
      '2025-01-01T00:00:00Z',
      '2025-12-31T23:59:59.999Z',
      '2026-07-04T09:41:00Z',
    ]) {
      const body = getCallStats(at(iso), model);
      expect(Date.parse(body.asOf) - Date.parse(body.previous.asOf)).toBe(5 * 60 * 1000);
      expect(body.previous).toEqual({
        count: getCallStats(new Date(Date.parse(body.asOf) - 1), model).count,
        asOf: body.previous.asOf,
      });
      expect(body.count).toBeGreaterThanOrEqual(body.previous.count);
    }
  });

  it('gives identical output for any time in the same bucket', () => {
    const first = getCallStats(at('2025-06-15T12:00:00.000Z'), model);
    expect(getCallStats(at('2025-06-15T12:00:00.000Z'), model)).toEqual(first);
    expect(getCallStats(at('2025-06-15T12:04:59.999Z'), model)).toEqual(first);
    expect(JSON.stringify(getCallStats(at('2025-06-15T12:02:30Z'), { ...model }))).toBe(
      JSON.stringify(first),
    );
  });

  it('returns safe integers', () => {
    const body = getCallStats(at('2099-12-31T23:59:59Z'), model);
    expect(Number.isSafeInteger(body.count)).toBe(true);
    expect(Number.isSafeInteger(body.previous.count)).toBe(true);
  });

  it('reads the model from configuration by default', () => {
    // No STATS_* variables in the test environment: the defaults equal `model` above.
    expect(getCallStats(at('2025-06-15T12:00:00Z'))).toEqual(
      getCallStats(at('2025-06-15T12:00:00Z'), model),
    );
  });

  it('throws STATS_UNAVAILABLE for a time before the epoch', () => {
    expectUnavailable(() => getCallStats(at('2023-12-31T23:59:59Z'), model));
    // The first bucket has no bucket before it within the model.
    expectUnavailable(() => getCallStats(at('2024-01-01T00:04:59Z'), model));
    expect(getCallStats(at('2024-01-01T00:05:00Z'), model).previous.count).toBe(1_250_000);
  });

  it('throws STATS_UNAVAILABLE on misconfiguration or an invalid clock', () => {
    expectUnavailable(() =>
      getCallStats(at('2025-01-01T00:00:00Z'), { ...model, dailyAmplitude: 2 }),
    );
    expectUnavailable(() =>
      getCallStats(at('2025-01-01T00:00:00Z'), { ...model, epochMs: Date.parse('not a date') }),
    );
    expectUnavailable(() =>
      getCallStats(at('2025-01-01T00:00:00Z'), { ...model, startCount: Number.MAX_SAFE_INTEGER }),
    );
    expectUnavailable(() => getCallStats(new Date(Number.NaN), model));
  });
});
