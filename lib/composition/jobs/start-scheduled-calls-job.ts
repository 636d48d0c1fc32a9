import { getDb, type Db } from '../../adapters/db';
import { systemClock, type Clock } from '../../platform/runtime/clock';
import { releaseScheduledCalls } from '../../calls/scheduling/release-scheduled-calls';
import { defineJob } from './define-job';

const BATCH = 64;

/**
 * Calls held for their start_time or a retry's wait: once their moment has come, each is handed
 * to the call steps once (claimed with SKIP LOCKED), whose dial judges the calling rules then.
 * The rows say when they are due, so a restart or a dead instance loses none and releases none
 * early; a sweep comes once a second across all instances.
 */
export const startScheduledCallsJob = defineJob({
  name: 'calls.start-scheduled',
  everySeconds: 1,
  concurrency: 1,
  expireInSeconds: 60,
  batch: BATCH,
  deps: async (): Promise<{ db: Db; clock: Clock }> => ({ db: await getDb(), clock: systemClock }),
  run: ({ db, clock }) => releaseScheduledCalls(db, new Date(clock.now()), BATCH),
});
