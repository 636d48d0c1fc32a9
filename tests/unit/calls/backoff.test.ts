import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, retryDelayMs } from '@/lib/calls/webhooks/backoff';

describe('webhook retry backoff', () => {
  it('retries first after about 5 seconds', () => {
    expect(retryDelayMs(1)).toBe(5_000);
  });

  it('waits longer after each failure, then holds the longest delay', () => {
    const delays = Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1));
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(retryDelayMs(100)).toBe(delays.at(-1));
    expect(retryDelayMs(100)).toBeLessThan(GIVE_UP_AFTER_MS);
  });

  it('keeps retrying over the whole day before giving up', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < GIVE_UP_AFTER_MS) elapsed += retryDelayMs(++attempts);
    // More than a handful of tries fit in a day, and no single wait is longer than a few hours.
    expect(attempts).toBeGreaterThan(8);
    expect(GIVE_UP_AFTER_MS).toBe(24 * 60 * 60 * 1000);
  });
});
