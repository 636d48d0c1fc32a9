import { describe, expect, it } from 'vitest';
import { callCostMicros } from '@/lib/calls/lifecycle/end-call';

const PRICE = 90_000;

describe('callCostMicros: every started minute of audio', () => {
  it.each([
    [0, 0],
    [1, 1],
    [59_999, 1],
    [60_000, 1],
    [60_001, 2],
    [120_000, 2],
    [120_001, 3],
  ])('%i ms costs %i minute(s)', (durationMs, minutes) => {
    expect(callCostMicros(durationMs, PRICE)).toBe(minutes * PRICE);
  });
});
