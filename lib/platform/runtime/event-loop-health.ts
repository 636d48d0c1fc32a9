import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { singleton } from './singleton';

/** How busy this process's event loop was over the last whole window. */
export interface LoopHealth {
  /** Share of the window the loop was busy (0–1); a loop waiting for a core counts as busy. */
  utilization: number;
  /** 99th percentile of how late timers fired in the window, in ms: what late frames feel. */
  lagP99Ms: number;
  /** Length of the window these figures cover. */
  windowMs: number;
}

/** Figures are read over windows this long: one callback or collection is not a trend. */
export const LOOP_WINDOW_MS = 5_000;

/**
 * The process's event-loop health, measured continuously (utilisation deltas and a delay
 * histogram, reset every window). Until a first window has passed it reads as idle.
 */
export function loopHealth(): () => LoopHealth {
  return singleton('event-loop-health', () => {
    let latest: LoopHealth = { utilization: 0, lagP99Ms: 0, windowMs: 0 };
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let since: EventLoopUtilization = performance.eventLoopUtilization();
    const timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      const window = performance.eventLoopUtilization(now, since);
      since = now;
      latest = {
        utilization: window.utilization,
        // The histogram counts in ns, and includes the sampling resolution itself.
        lagP99Ms: Math.max(0, delay.percentile(99) / 1e6 - 10),
        windowMs: LOOP_WINDOW_MS,
      };
      delay.reset();
    }, LOOP_WINDOW_MS);
    timer.unref();
    return () => latest;
  });
}
