import { getDb, type Db } from '../../adapters/db';
import { systemClock, type Clock } from '../../platform/runtime/clock';
import { refundAbandonedSpeech } from '../../speech/refund-abandoned-speech';
import { defineJob } from './define-job';

const BATCH = 8;

/**
 * Speech reservations whose holder died (still held past their expiry, a minute or more) are
 * refunded whole; the rows are claimed with SKIP LOCKED, each refunded once.
 */
export const refundSpeechJob = defineJob({
  name: 'speech.refund-abandoned',
  everySeconds: 1,
  concurrency: 1,
  expireInSeconds: 60,
  batch: BATCH,
  deps: async (): Promise<{ db: Db; clock: Clock }> => ({ db: await getDb(), clock: systemClock }),
  run: ({ db, clock }) => refundAbandonedSpeech(db, new Date(clock.now()), BATCH),
});
