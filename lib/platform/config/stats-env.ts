import { z } from 'zod';
import { numberOr } from '../runtime/env-fields';

/** The modeled calls counter's variables (GET /api/stats/calls), spread into lib/platform/config/config.ts's schema. */
export const statsEnvShape = {
  STATS_EPOCH: z.iso
    .datetime({ offset: true, error: 'must be an ISO date-time like 2024-01-01T00:00:00Z' })
    .default('2024-01-01T00:00:00Z'),
  STATS_START_COUNT: numberOr(
    1_250_000,
    z
      .int('must be a whole number, 0 to 2^53 - 1')
      .min(0, 'must be 0 or more')
      .max(Number.MAX_SAFE_INTEGER, 'must be at most 2^53 - 1'),
  ),
  STATS_CALLS_PER_HOUR: numberOr(
    2400,
    z
      .number('must be a number')
      .min(0, 'must be 0 or more')
      .max(1_000_000_000, 'must be at most 1e9'),
  ),
  STATS_DAILY_AMPLITUDE: numberOr(
    0.6,
    // Above 1 the rate would go negative at the daily trough and the counter would fall.
    z
      .number('must be a number')
      .min(0, 'must be between 0 and 1')
      .max(1, 'must be between 0 and 1'),
  ),
  STATS_PEAK_HOUR_UTC: numberOr(
    16,
    z
      .number('must be a number')
      .min(0, 'must be an hour of day, 0 to below 24')
      .lt(24, 'must be an hour of day, 0 to below 24'),
  ),
};
