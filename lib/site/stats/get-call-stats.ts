import type { z } from 'zod';
import type { CallStatsResponse } from '../../../schemas/stats';
import { ApiError } from '../../platform/errors/api-error';
import { BUCKET_MS, bucketStart } from './bucket';
import { callCountAt, type CallCountModel } from './call-count-model';
import { callCountModelFromConfig } from './call-count-model-from-config';

export type CallStats = z.infer<typeof CallStatsResponse>;

/**
 * The counter as of the 5-minute bucket holding `now`, and the bucket before it. The clock is
 * passed in, so every instance given a time in the same bucket returns the same body.
 */
export function getCallStats(
  now: Date,
  model: CallCountModel = callCountModelFromConfig(),
): CallStats {
  try {
    const asOfMs = bucketStart(now.getTime());
    const previousMs = asOfMs - BUCKET_MS;
    return {
      count: callCountAt(model, asOfMs),
      asOf: new Date(asOfMs).toISOString(),
      previous: {
        count: callCountAt(model, previousMs),
        asOf: new Date(previousMs).toISOString(),
      },
    };
  } catch (error) {
    throw new ApiError('STATS_UNAVAILABLE', { cause: error });
  }
}
