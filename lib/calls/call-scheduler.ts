import { startDueWork } from './run-due-work';
import type { CallDeps } from './types';

/**
 * How long the loop waits when no step was due. The sandbox line plays a call in 100 ms steps,
 * below what the job queue's polling can serve (pg-boss polls every 0.5 s at the least; see the
 * README), so call steps keep this loop of their own.
 */
const IDLE_MS = 100;
/** Call steps this process runs at once; a claim takes only what fits. */
const MAX_IN_FLIGHT = 16;

export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Advances calls inside a long-lived process, with no request arriving. Every instance may run
 * one: steps are claimed in the database, so each still runs once. Claimed steps run beside the
 * loop rather than in it, so a step waiting on a slow upstream (up to its timeout) never holds up
 * the others; a call whose step is still running here is not claimed again, even once its lease
 * has run out. Webhook deliveries, auto top-ups and speech refunds run on the job queue.
 */
export function startCallScheduler(deps: CallDeps): Scheduler {
  let running = true;
  let wake: (() => void) | undefined;
  const inFlight = new Set<Promise<void>>();
  const busyCalls = new Set<string>();
  const loop = (async () => {
    while (running) {
      let started = 0;
      const room = MAX_IN_FLIGHT - inFlight.size;
      if (room > 0) {
        // Above its live-call capacity the instance dials no one: queued calls wait for room.
        const newCalls = deps.admission?.room() ?? Infinity;
        const work = await startDueWork(deps, {
          limit: Math.min(8, room),
          busy: [...busyCalls],
          newCalls,
        });
        for (const item of work.running) {
          busyCalls.add(item.callId);
          if (item.dials) deps.admission?.dialling(item.callId);
          const done = item.done
            .catch((error: unknown) => console.error('call scheduler:', error))
            .finally(() => {
              inFlight.delete(done);
              busyCalls.delete(item.callId);
              // A finished step usually makes the next one due: look again at once.
              wake?.();
            });
          inFlight.add(done);
        }
        if (work.error) console.error('call scheduler:', work.error);
        started = work.steps;
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
