import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkReady, type Pingable } from '@/lib/composition/health/check-ready';
import { resetSingleton } from '@/lib/platform/runtime/singleton';

const port = (ping: () => Promise<void>) => {
  const fake: Pingable & { calls: number } = {
    calls: 0,
    ping: () => {
      fake.calls += 1;
      return ping();
    },
  };
  return fake;
};

beforeEach(() => resetSingleton('health.ready'));
afterEach(() => vi.useRealTimers());

describe('checkReady', () => {
  it('is ready when every port answers, and shares one probe per second among callers', async () => {
    const store = port(async () => {});
    const database = port(async () => {});
    const ports = () => [store, database];
    const answers = await Promise.all(
      [0, 10, 999].map((offset) => checkReady(1_000_000 + offset, ports)),
    );
    expect(answers).toEqual([true, true, true]);
    expect([store.calls, database.calls]).toEqual([1, 1]);
    expect(await checkReady(1_001_000, ports)).toBe(true);
    expect([store.calls, database.calls]).toEqual([2, 2]);
  });

  it('is not ready when one port fails', async () => {
    const ports = () => [port(async () => {}), port(() => Promise.reject(new Error('down')))];
    expect(await checkReady(0, ports)).toBe(false);
  });

  it('is not ready when a port does not answer within 2 s', async () => {
    vi.useFakeTimers();
    const ports = () => [port(() => new Promise<void>(() => {}))];
    const ready = checkReady(0, ports);
    await vi.advanceTimersByTimeAsync(1_999);
    let settled = false;
    void ready.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await ready).toBe(false);
  });
});
