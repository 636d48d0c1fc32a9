import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDeps } from '@/lib/calls/types';

const passes: { sweep: boolean | undefined; at: number }[] = [];
vi.mock('@/lib/calls/run-due-work', () => ({
  startDueWork: vi.fn(async (_deps: unknown, options: { sweep?: boolean }) => {
    passes.push({ sweep: options.sweep, at: performance.now() });
    return { steps: 0, deliveries: 0, refunds: 0, billing: 0, running: [] };
  }),
}));

const { startCallScheduler } = await import('@/lib/calls/call-scheduler');

describe('call scheduler', () => {
  beforeEach(() => {
    passes.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  it('looks for call steps every 100 ms but for top-ups and refunds once a second', async () => {
    const scheduler = startCallScheduler({} as CallDeps);
    await vi.advanceTimersByTimeAsync(3_050);
    const stopping = scheduler.stop();
    await vi.runAllTimersAsync();
    await stopping;
    // One pass at start and one per idle wait: ~31 passes in 3 s, sweeping at 0, 1, 2 and 3 s.
    expect(passes.length).toBeGreaterThanOrEqual(30);
    const sweeps = passes.filter((p) => p.sweep);
    expect(sweeps.map((p) => Math.round(p.at / 100) * 100)).toEqual([0, 1_000, 2_000, 3_000]);
    expect(passes.filter((p) => p.sweep === false).length).toBe(passes.length - 4);
  });
});
