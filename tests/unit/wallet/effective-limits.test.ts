import { describe, expect, it } from 'vitest';
import { effectiveLimits, type LimitSource } from '@/lib/wallet/limits/effective-limits';

const org = (over: Partial<LimitSource> = {}): LimitSource => ({
  depositsMicros: 0,
  limitConcurrency: null,
  limitInstantClones: null,
  limitLiveClones: null,
  limitConcurrentCalls: null,
  ...over,
});

const BEFORE = { concurrency: 1, instant_clones: 1, live_clones: 0, concurrent_calls: 10 };
const AFTER = { concurrency: 5, instant_clones: 10, live_clones: 1, concurrent_calls: 10 };

describe('effectiveLimits', () => {
  it('keeps the starting tier below $5 of deposits', () => {
    expect(effectiveLimits(org())).toEqual(BEFORE);
    expect(effectiveLimits(org({ depositsMicros: 4_990_000 }))).toEqual(BEFORE);
    expect(effectiveLimits(org({ depositsMicros: 4_999_999 }))).toEqual(BEFORE);
  });

  it('unlocks the higher tier at exactly $5 of deposits and above', () => {
    expect(effectiveLimits(org({ depositsMicros: 5_000_000 }))).toEqual(AFTER);
    expect(effectiveLimits(org({ depositsMicros: 500_000_000 }))).toEqual(AFTER);
  });

  it('ignores the starting credit: only deposits count', () => {
    const withCredit = { ...org(), startingCreditMicros: 50_000_000, balanceMicros: 50_000_000 };
    expect(effectiveLimits(withCredit)).toEqual(BEFORE);
  });

  it('lets admin overrides win over either tier, one limit at a time', () => {
    expect(effectiveLimits(org({ limitConcurrency: 40, limitConcurrentCalls: 2 }))).toEqual({
      ...BEFORE,
      concurrency: 40,
      concurrent_calls: 2,
    });
    expect(
      effectiveLimits(
        org({ depositsMicros: 5_000_000, limitLiveClones: 0, limitInstantClones: 3 }),
      ),
    ).toEqual({ ...AFTER, live_clones: 0, instant_clones: 3 });
  });
});
