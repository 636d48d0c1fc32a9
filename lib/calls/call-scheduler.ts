import { startDueWork } from './run-due-work';
import type { CallDeps } from './types';

const IDLE_MS = 100;
/**
 * How often the loop sweeps for due auto top-ups, low-balance mail and abandoned speech
 * reservations: four of a pass's six queries, and passes run every 100 ms when idle and again
 * after every finished step (twenty calls starting at once made a storm of them on the event
 * loop). They become due when a charge leaves a balance under a threshold or a wait of a minute
 * or more runs out; a second later is not something anyone notices. Real time, like IDLE_MS: it
 * paces polling, not the work (a test's frozen clock must not stop the sweeps).
 */
const SWEEP_EVERY_MS = 1_000;
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
  let sweepAfter = 0;
  const loop = (async () => {
    while (running) {
      let started = 0;
      const room = MAX_IN_FLIGHT - inFlight.size;
      if (room > 0) {
        const sweep = performance.now() >= sweepAfter;
        if (sweep) sweepAfter = performance.now() + SWEEP_EVERY_MS;
        const work = await startDueWork(deps, {
          limit: Math.min(8, room),
          busy: [...busyCalls],
          sweep,
        });
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
        // A backlog (recharges, refunds) is taken at the loop's pace, not a batch a second.
        if (work.billing + work.refunds > 0) sweepAfter = 0;
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
