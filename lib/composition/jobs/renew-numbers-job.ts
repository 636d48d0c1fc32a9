import { renewDueNumbers } from '../../calls/numbers';
import { getNumberDeps, getPorts } from '../root';
import { publicOrigin } from '../../platform/http/public-origin';
import { systemClock } from '../../platform/runtime/clock';
import { defineJob } from './define-job';

/**
 * The phone numbers' monthly rent: numbers whose paid month ended are charged the next one, or,
 * unpaid for 7 days, released. A minute late is nothing anyone notices on a monthly bill.
 */
export const renewNumbersJob = defineJob({
  name: 'calls.renew-numbers',
  everySeconds: 60,
  concurrency: 1,
  expireInSeconds: 120,
  batch: 50,
  deps: async () => ({
    ...(await getNumberDeps()),
    clock: systemClock,
    warn: { mailer: (await getPorts()).mailer, origin: publicOrigin('marketing') },
  }),
  run: (deps) => renewDueNumbers(deps, 50),
});
