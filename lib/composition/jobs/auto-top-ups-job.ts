import { startDueAutoTopUps } from '../../wallet/billing/auto-top-up/run-due-auto-top-ups';
import type { AutoTopUpDeps } from '../../wallet/billing/auto-top-up/types';
import { getBillingDeps } from '../root';
import { getConfig } from '../../platform/config/config';
import { publicOrigin } from '../../platform/http/public-origin';
import { getMailer } from '../../adapters/mail';
import { defineJob } from './define-job';

/** The process's auto top-up dependencies, from validated config. */
async function getAutoTopUpDeps(): Promise<AutoTopUpDeps> {
  return {
    ...(await getBillingDeps()),
    mailer: getMailer(),
    webhookWaitMs: getConfig().AUTO_TOP_UP_WEBHOOK_WAIT_MINUTES * 60_000,
    // Links in mail from background work: configured, else where this process listens.
    origin: publicOrigin('marketing'),
  };
}

const BATCH = 16;

/**
 * Auto top-ups and their overdue checks: low-balance mail, accepted charges whose webhook is
 * overdue (the provider is asked), charges that never got an answer (failed), then the recharges
 * due (attempt rows claimed in the database, one per org at most). A second later than the charge
 * that made one due is not something anyone notices.
 */
export const autoTopUpsJob = defineJob({
  name: 'wallet.auto-top-ups',
  everySeconds: 1,
  concurrency: 1,
  // A charge waits on the payment provider; past this its attempt's own lease lets it retry.
  expireInSeconds: 120,
  batch: BATCH,
  deps: getAutoTopUpDeps,
  run: async (deps) => {
    const pass = await startDueAutoTopUps(deps, BATCH);
    await Promise.all(pass.running);
    return pass.started + pass.mailed;
  },
});
