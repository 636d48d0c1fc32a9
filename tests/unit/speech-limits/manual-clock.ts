import type { Clock } from '@/lib/runtime/clock';

/**
 * A clock that only moves when the test says so. Unlike the leads' fake clock, `sleep` waits
 * until the time is reached, so a renewal loop runs once per interval rather than spinning.
 */
export function manualClock(start = Date.parse('2026-11-02T10:00:00Z')) {
  let now = start;
  let sleepers: { at: number; wake: () => void }[] = [];
  /** Lets every pending promise chain (store calls included) run to its next wait. */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const clock = {
    now: () => now,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        sleepers.push({ at: now + ms, wake });
      }),
    /** Moves time forward, waking each sleeper at its own instant, in order. */
    async advance(ms: number): Promise<void> {
      const target = now + ms;
      await settle();
      for (;;) {
        const due = sleepers.filter((s) => s.at <= target).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        sleepers = sleepers.filter((s) => s !== due);
        now = due.at;
        due.wake();
        await settle();
      }
      now = target;
      await settle();
    },
    pendingSleeps: () => sleepers.length,
  } satisfies Clock & Record<string, unknown>;
  return clock;
}
