import { afterAll, beforeAll } from 'vitest';

/**
 * Starts what a suite needs before its tests (in the enclosing file or describe block), hands it
 * to `ready`, and disposes of it after them: the one place the suites' start hooks are wired.
 */
export function startForSuite<T>(
  start: () => Promise<T>,
  dispose: (started: T) => unknown,
  ready: (started: T) => void,
  timeoutMs = 120_000,
): void {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    ready(started);
  }, timeoutMs);
  afterAll(async () => {
    if (started !== undefined) await dispose(started);
  });
}
