import { getConfig, type Config } from '../../platform/config/config';
import type { CallCountModel } from './call-count-model';

/** The counter's parameters from the validated environment (STATS_* variables). */
export function callCountModelFromConfig(config: Config = getConfig()): CallCountModel {
  return {
    epochMs: Date.parse(config.STATS_EPOCH),
    startCount: config.STATS_START_COUNT,
    callsPerHour: config.STATS_CALLS_PER_HOUR,
    dailyAmplitude: config.STATS_DAILY_AMPLITUDE,
    peakHourUtc: config.STATS_PEAK_HOUR_UTC,
  };
}
