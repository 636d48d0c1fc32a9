import type { Clock } from '@/lib/runtime/clock';

/** Lets every pending promise chain (database calls included) run to its next wait. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface VirtualClock extends Clock {
  /** Moves time forward, waking each sleeper at its own instant, in order. */
  advance(ms: number): Promise<void>;
  set(ms: number): void;
  /** The next sleeper wakes this much late, as after a busy event loop. */
  stallNextSleep(ms: number): void;
  /** Sleeps still waiting (cancelled ones are gone). */
  pendingSleeps(): number;
}

/**
 * The one clock for tests that drive timers: time moves only when the test says, sleepers wake
 * in time order, an aborted sleep wakes at once. `settleEachWake` (default) lets promise chains
 * woken by a sleeper run to their next wait before the next one wakes.
 */
export function virtualClock(start = 0, options: { settleEachWake?: boolean } = {}): VirtualClock {
  let now = start;
  let stall = 0;
  let sleepers: { at: number; wake: () => void }[] = [];
  const pause = options.settleEachWake === false ? () => Promise.resolve() : settle;
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const cancel = () => {
          sleepers = sleepers.filter((s) => s !== sleeper);
          resolve();
        };
        const sleeper = {
          at: now + Math.max(0, ms) + stall,
          wake: () => {
            signal?.removeEventListener('abort', cancel);
            resolve();
          },
        };
        stall = 0;
        sleepers.push(sleeper);
        signal?.addEventListener('abort', cancel, { once: true });
      }),
    stallNextSleep: (ms) => {
      stall = ms;
    },
    set: (ms) => {
      now = ms;
    },
    pendingSleeps: () => sleepers.length,
    async advance(ms) {
      const end = now + ms;
      await pause();
      for (;;) {
        const due = sleepers.filter((s) => s.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        sleepers = sleepers.filter((s) => s !== due);
        now = due.at;
        due.wake();
        // Let the woken sender run before the next sleeper.
        for (let i = 0; i < 5; i++) await Promise.resolve();
        await pause();
      }
      now = end;
      await pause();
    },
  };
}
