import { deliverDueWebhooks } from '../../calls/webhooks/deliver-due-webhooks';
import { getCallDeps } from '../root';
import { defineJob } from './define-job';

const BATCH = 16;

/**
 * Post-call webhook deliveries and their retries: each sweep claims the deliveries due now (a
 * lease on the row, so two sweeps never send one twice) and sends them side by side; a failed one
 * stays pending with its next attempt set by the backoff, for a later sweep.
 */
export const deliverWebhooksJob = defineJob({
  name: 'call-webhooks.deliver',
  everySeconds: 1,
  // A receiver may hang for the whole 15 s timeout; the other sweeps go on beside it.
  concurrency: 2,
  expireInSeconds: 60,
  batch: BATCH,
  deps: getCallDeps,
  run: (deps) => deliverDueWebhooks(deps, BATCH),
});
