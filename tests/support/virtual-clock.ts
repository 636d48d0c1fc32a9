import type { Clock } from '@/lib/platform/runtime/clock';

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
 * What `sleep` does: `wait` until the test advances past it (timers under test), `advance` the
 * clock by that much at once (retry back-offs a test need not drive), or `yield` to the event
 * loop in real time, at most 5 ms, without moving the clock (a twin polling for real database
 * work of its holder).
 */
export type SleepMode = 'wait' | 'advance' | 'yield';

/**
 * The one clock for tests: time moves only when the test says (or, by `sleep`, as `SleepMode`
 * says). Sleepers wake in time order, an aborted sleep wakes at once, and with `settleEachWake`
 * (default) promise chains woken by a sleeper run to their next wait before the next one wakes.
 * With no sleeper due, `advance` moves the clock at once (no need to await it).
 */
export function virtualClock(
  start = 0,
  options: { sleep?: SleepMode; settleEachWake?: boolean } = {},
): VirtualClock {
  let now = start;
  let stall = 0;
  let sleepers: { at: number; wake: () => void }[] = [];
  const pause = options.settleEachWake === false ? () => Promise.resolve() : settle;
  const mode = options.sleep ?? 'wait';
  const due = (end: number) => sleepers.filter((s) => s.at <= end).sort((a, b) => a.at - b.at)[0];
  const wait = (ms: number, signal?: AbortSignal) =>
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
    });
  return {
    now: () => now,
    sleep: (ms, signal) => {
      if (mode === 'wait') return wait(ms, signal);
      if (mode === 'advance') {
        now += Math.max(0, ms);
        return Promise.resolve();
      }
      return new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(0, ms), 5)));
    },
    stallNextSleep: (ms) => {
      stall = ms;
    },
    set: (ms) => {
      now = ms;
    },
    pendingSleeps: () => sleepers.length,
    advance(ms) {
      const end = now + ms;
      if (!due(end)) {
        now = end;
        return mode === 'wait' ? pause() : Promise.resolve();
      }
      return (async () => {
        await pause();
        for (let next = due(end); next; next = due(end)) {
          sleepers = sleepers.filter((s) => s !== next);
          now = next.at;
          next.wake();
          // Let the woken sender run before the next sleeper.
          for (let i = 0; i < 5; i++) await Promise.resolve();
          await pause();
        }
        now = end;
        await pause();
      })();
    },
  };
}
