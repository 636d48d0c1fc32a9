import { LiveAdmission } from '../calls/live-admission';
import { getConfig } from '../platform/config/config';
import { systemClock } from '../platform/runtime/clock';
import { loopHealth } from '../platform/runtime/event-loop-health';
import { singleton } from '../platform/runtime/singleton';

/** This process's live-call admission: LIVE_CALL_CAPACITY against its calls and event loop. */
export function getLiveAdmission(): LiveAdmission {
  return singleton(
    'live-admission',
    () =>
      new LiveAdmission(systemClock, loopHealth(), {
        capacity: getConfig().LIVE_CALL_CAPACITY ?? null,
      }),
  );
}

/**
 * Whether this instance may start one more live call now: for the inbound path, which answers
 * a call it cannot carry with a short "all lines are busy" instead of a late, choppy line.
 */
export function canAdmitLiveCall(): boolean {
  return getLiveAdmission().canAdmitLiveCall();
}
