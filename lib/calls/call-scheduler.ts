import { runDueWork } from './run-due-work';
import type { CallDeps } from './types';

const IDLE_MS = 100;

export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Advances calls and deliveries inside a long-lived process, with no request arriving. Every
 * instance may run one: work is claimed in the database, so each step still runs once.
 */
export function startCallScheduler(deps: CallDeps): Scheduler {
  let running = true;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (running) {
      let worked = 0;
      try {
        const done = await runDueWork(deps);
        worked = done.steps + done.deliveries + done.refunds;
      } catch (error) {
        console.error('call scheduler:', error);
      }
      if (!worked && running) {
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
    },
  };
}
