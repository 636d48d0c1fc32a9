import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUCKET_MS, bucketStart } from '@/lib/site/stats/bucket';
import {
  callCountAt,
  CallCountModelError,
  modeledCallsSinceEpoch,
  type CallCountModel,
} from '@/lib/site/stats/call-count-model';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const EPOCH = Date.parse('2024-01-01T00:00:00Z');

const defaults: CallCountModel = {
  epochMs: EPOCH,
  startCount: 1_250_000,
  callsPerHour: 2400,
  dailyAmplitude: 0.6,
  peakHourUtc: 16,
};
// Amplitude 1 takes the rate to zero at the trough: the hardest case for monotonicity.
const fullSwing: CallCountModel = { ...defaults, dailyAmplitude: 1, peakHourUtc: 7.25 };

function expectNonDecreasing(model: CallCountModel, from: number, to: number, step: number) {
  let previous = callCountAt(model, from);
  let samples = 0;
  for (let t = from + step; t <= to; t += step) {
    const count = callCountAt(model, t);
    expect(Number.isSafeInteger(count)).toBe(true);
    if (count < previous) throw new Error(`count fell at ${new Date(t).toISOString()}`);
    previous = count;
    samples++;
  }
  return samples;
}

describe('bucketStart', () => {
  it('maps a time on a 5-minute boundary to that boundary, 1 ms before to the previous one', () => {
    const boundary = Date.parse('2025-03-04T10:15:00Z');
    expect(bucketStart(boundary)).toBe(boundary);
    expect(bucketStart(boundary - 1)).toBe(boundary - BUCKET_MS);
    expect(bucketStart(boundary + BUCKET_MS - 1)).toBe(boundary);
  });

  it('floors times before 1970 too', () => {
    expect(bucketStart(-1)).toBe(-BUCKET_MS);
  });
});

describe('call-count model', () => {
  it('reads startCount at the epoch', () => {
    expect(callCountAt(defaults, EPOCH)).toBe(1_250_000);
  });

  it('pins known values (changing the model changes what every instance publishes)', () => {
    // Cross-checked with an independent float evaluation of the closed form.
    expect(callCountAt(defaults, Date.parse('2024-01-01T00:05:00Z'))).toBe(1_250_138);
    expect(callCountAt(defaults, Date.parse('2025-06-15T11:55:00Z'))).toBe(31_854_614);
    expect(callCountAt(defaults, Date.parse('2025-06-15T12:00:00Z'))).toBe(31_854_873);
  });

  it('is non-decreasing over a year sampled hourly', () => {
    for (const model of [defaults, fullSwing]) {
      expect(expectNonDecreasing(model, EPOCH, EPOCH + 365 * DAY_MS, HOUR_MS)).toBe(365 * 24);
    }
  });

  it('is non-decreasing at every 5-minute bucket over a few days', () => {
    const from = Date.parse('2026-02-27T00:00:00Z'); // spans a month end
    for (const model of [defaults, fullSwing]) {
      expect(expectNonDecreasing(model, from, from + 4 * DAY_MS, BUCKET_MS)).toBe(4 * 288);
    }
  });

  it('is non-decreasing at bucket boundaries for any valid parameters (property)', () => {
    const model = fc.record({
      epochMs: fc.integer({ min: 0, max: Date.parse('2030-01-01T00:00:00Z') }),
      startCount: fc.integer({ min: 0, max: 2 ** 52 }),
      callsPerHour: fc.double({ min: 0, max: 1e6, noNaN: true }),
      dailyAmplitude: fc.double({ min: 0, max: 1, noNaN: true }),
      peakHourUtc: fc.double({ min: 0, max: 23.99, noNaN: true }),
    });
    // Published times are bucket boundaries: up to ten years in, then a gap of 1..24 buckets
    // (short, because a stretch where a wrong model falls lasts hours, not days).
    const buckets = fc.tuple(
      fc.integer({ min: 1, max: 10 * 365 * 288 }),
      fc.integer({ min: 1, max: 24 }),
    );
    fc.assert(
      fc.property(model, buckets, (m, [k, gap]) => {
        const t = bucketStart(m.epochMs) + k * BUCKET_MS;
        expect(callCountAt(m, t + gap * BUCKET_MS)).toBeGreaterThanOrEqual(callCountAt(m, t));
      }),
      // Shrinking doubles can run for minutes; the failing values are reported as found.
      { endOnFailure: true },
    );
  });

  it('never reads below startCount, even just after an epoch at a zero-rate trough', () => {
    const troughAtEpoch = { ...defaults, startCount: 5, dailyAmplitude: 1, peakHourUtc: 12 };
    for (let ms = 0; ms <= 60_000; ms += 7) {
      expect(callCountAt(troughAtEpoch, EPOCH + ms)).toBe(5);
    }
  });

  it('stays exact with a start count near 2^52 and a tiny rate', () => {
    const model = { ...defaults, startCount: 2 ** 52, callsPerHour: 0.01, dailyAmplitude: 1 };
    // 0.24 calls a day: the count is still exactly startCount a day in, and 2 after ten days.
    expect(callCountAt(model, EPOCH + DAY_MS)).toBe(2 ** 52);
    expect(callCountAt(model, EPOCH + 10 * DAY_MS)).toBe(2 ** 52 + 2);
    expect(expectNonDecreasing(model, EPOCH, EPOCH + 3 * DAY_MS, BUCKET_MS)).toBe(3 * 288);
  });

  it('adds exactly the mean rate over whole days (the rhythm averages out)', () => {
    const t = Date.parse('2025-05-05T03:20:00Z');
    const oneDay =
      modeledCallsSinceEpoch(defaults, t + DAY_MS) - modeledCallsSinceEpoch(defaults, t);
    expect(oneDay).toBeCloseTo(2400 * 24, 6);
  });

  it('is the integral of its rate: faster near the peak hour than at the trough', () => {
    const day = Date.parse('2025-05-05T00:00:00Z');
    const perBucket = (hour: number) =>
      callCountAt(defaults, day + hour * HOUR_MS + BUCKET_MS) -
      callCountAt(defaults, day + hour * HOUR_MS);
    // R/12 per 5 minutes, times (1 ± A): about 320 at 16:00 UTC and 80 at 04:00 UTC.
    expect(perBucket(16)).toBeGreaterThanOrEqual(318);
    expect(perBucket(16)).toBeLessThanOrEqual(321);
    expect(perBucket(4)).toBeGreaterThanOrEqual(79);
    expect(perBucket(4)).toBeLessThanOrEqual(81);
  });

  it('refuses a time before the epoch', () => {
    expect(() => callCountAt(defaults, EPOCH - 1)).toThrow(CallCountModelError);
    expect(() => callCountAt(defaults, EPOCH - 1)).toThrow(/before the model epoch/);
  });

  it('refuses parameters that would break monotonicity or exactness', () => {
    const t = EPOCH + DAY_MS;
    for (const bad of [
      { dailyAmplitude: 1.01 },
      { dailyAmplitude: Number.NaN },
      { callsPerHour: -1 },
      { callsPerHour: Number.POSITIVE_INFINITY },
      { startCount: 1.5 },
      { startCount: 2 ** 53 },
      { epochMs: Number.NaN },
      { peakHourUtc: 24 },
    ]) {
      expect(() => callCountAt({ ...defaults, ...bad }, t), JSON.stringify(bad)).toThrow(
        CallCountModelError,
      );
    }
  });

  it('refuses a count beyond 2^53 - 1 rather than publishing an inexact one', () => {
    const huge = { ...defaults, startCount: Number.MAX_SAFE_INTEGER - 10 };
    expect(callCountAt(huge, EPOCH)).toBe(Number.MAX_SAFE_INTEGER - 10);
    expect(() => callCountAt(huge, EPOCH + DAY_MS)).toThrow(/2\^53/);
  });
});
