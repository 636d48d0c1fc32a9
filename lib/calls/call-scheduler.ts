import { startDueWork } from './run-due-work';
import type { CallDeps } from './types';

const IDLE_MS = 100;
/**
 * Auto top-ups and refunds of abandoned speech are looked for at most once a second: their
 * lookups are four of a pass's six queries, and passes run every 100 ms when idle and again after
 * every finished step (twenty calls starting at once made a storm of them on the event loop).
 */
const SWEEP_MS = 1_000;
/** Call steps and deliveries this process runs at once; a claim takes only what fits. */
const MAX_IN_FLIGHT = 16;

export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Advances calls and deliveries inside a long-lived process, with no request arriving. Every
 * instance may run one: work is claimed in the database, so each step still runs once. Claimed
 * work runs beside the loop rather than in it, so a step or a delivery waiting on a slow upstream
 * (up to its timeout) never holds up the others; a call whose step is still running here is not
 * claimed again, even once its lease has run out.
 */
export function startCallScheduler(deps: CallDeps): Scheduler {
  let running = true;
  let wake: (() => void) | undefined;
  const inFlight = new Set<Promise<void>>();
  const busyCalls = new Set<string>();
  let sweptAt = -Infinity;
  const loop = (async () => {
    while (running) {
      let started = 0;
      const room = MAX_IN_FLIGHT - inFlight.size;
      if (room > 0) {
        // Real elapsed time, like IDLE_MS: a test's frozen clock must not stop the sweeps.
        const sweep = performance.now() - sweptAt >= SWEEP_MS;
        if (sweep) sweptAt = performance.now();
        const limit = Math.min(8, room);
        const work = await startDueWork(deps, { limit, busy: [...busyCalls], sweep });
        for (const item of work.running) {
          if (item.callId) busyCalls.add(item.callId);
          const done = item.done
            .catch((error: unknown) => console.error('call scheduler:', error))
            .finally(() => {
              inFlight.delete(done);
              if (item.callId) busyCalls.delete(item.callId);
              // A finished step usually makes the next one due: look again at once.
              wake?.();
            });
          inFlight.add(done);
        }
        if (work.error) console.error('call scheduler:', work.error);
        started = work.steps + work.deliveries + work.refunds + work.billing;
      }
      if (!started && running) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, IDLE_MS).unref();
        });
      }
    }
  })();
  return {
    stop: async () => {
      running = false;
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
  };
}
