import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDeps } from '@/lib/calls/types';

const passes: { at: number; options: object }[] = [];
vi.mock('@/lib/calls/run-due-work', () => ({
  startDueWork: vi.fn(async (_deps: unknown, options: object) => {
    passes.push({ at: performance.now(), options });
    return { steps: 0, running: [] };
  }),
}));

const { startCallScheduler } = await import('@/lib/calls/call-scheduler');

describe('call scheduler', () => {
  beforeEach(() => {
    passes.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  it('looks for call steps every 100 ms when none is due, and for nothing else', async () => {
    const scheduler = startCallScheduler({} as CallDeps);
    await vi.advanceTimersByTimeAsync(3_050);
    const stopping = scheduler.stop();
    await vi.runAllTimersAsync();
    await stopping;
    // One pass at start and one per idle wait: 31 passes in 3 s, 100 ms apart.
    expect(passes.length).toBe(31);
    const gaps = passes.slice(1).map((p, i) => Math.round(p.at - passes[i]!.at));
    expect(new Set(gaps)).toEqual(new Set([100]));
    // Only call steps: no sweep option is left (deliveries, top-ups, refunds are on the queue).
    for (const pass of passes)
      expect(Object.keys(pass.options).sort()).toEqual(['busy', 'limit', 'newCalls']);
  });
});
