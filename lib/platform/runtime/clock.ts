/** Time as services see it; tests pass a fake one. Every timer is a sleep on it. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts (a cancelled timer). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Where a test preloaded into a built server (tests/support/fixed-clock.ts) puts the clock the
 * process's services use, so an API test moves a live call's timers without waiting.
 */
export const INSTALLED_CLOCK = Symbol.for('voiceai.installed-clock');

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    }),
};

/** Looked up on every use: the test's preload may load this module before it installs one. */
const current = () =>
  ((globalThis as Record<symbol, unknown>)[INSTALLED_CLOCK] as Clock | undefined) ?? realClock;

export const systemClock: Clock = {
  now: () => current().now(),
  sleep: (ms, signal) => current().sleep(ms, signal),
};
