import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/platform/config/config';
import { callCountModelFromConfig } from '@/lib/site/stats/call-count-model-from-config';

describe('STATS_* configuration', () => {
  it('has defaults, so no environment is needed', () => {
    expect(callCountModelFromConfig(parseConfig({}))).toEqual({
      epochMs: Date.parse('2024-01-01T00:00:00Z'),
      startCount: 1_250_000,
      callsPerHour: 2400,
      dailyAmplitude: 0.6,
      peakHourUtc: 16,
    });
  });

  it('reads each variable, treating a blank value as unset', () => {
    const model = callCountModelFromConfig(
      parseConfig({
        STATS_EPOCH: '2025-01-01T02:00:00+02:00',
        STATS_START_COUNT: '7',
        STATS_CALLS_PER_HOUR: '12.5',
        STATS_DAILY_AMPLITUDE: '1',
        STATS_PEAK_HOUR_UTC: '',
      }),
    );
    expect(model).toEqual({
      epochMs: Date.parse('2025-01-01T00:00:00Z'),
      startCount: 7,
      callsPerHour: 12.5,
      dailyAmplitude: 1,
      peakHourUtc: 16,
    });
  });

  it.each([
    ['STATS_EPOCH', 'yesterday'],
    ['STATS_START_COUNT', '-1'],
    ['STATS_START_COUNT', '1.5'],
    ['STATS_START_COUNT', '9007199254740992'],
    ['STATS_CALLS_PER_HOUR', 'lots'],
    ['STATS_CALLS_PER_HOUR', '-5'],
    ['STATS_DAILY_AMPLITUDE', '1.2'],
    ['STATS_DAILY_AMPLITUDE', '-0.1'],
    ['STATS_PEAK_HOUR_UTC', '24'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^  ${name}: `, 'm'));
  });
});
