import { getAgentBrain } from '../agent';
import { getBillingDeps } from '../billing/get-billing-deps';
import { getMailer } from '../mail';
import { getConfig } from '../config';
import { getDb } from '../db';
import { publicOrigin } from '../http/public-origin';
import { usdToMicros } from '../orgs/money';
import { systemClock } from '../runtime/clock';
import { getSpeechEngine } from '../speech';
import { getStore } from '../store';
import { getCallProvider } from '../telephony';
import { getCallWebhookSender } from '../webhooks';
import { getRuleSettings } from './rules';
import type { CallDeps } from './types';

/** The process's call service dependencies, from validated config. */
export async function getCallDeps(): Promise<CallDeps> {
  const config = getConfig();
  return {
    billing: {
      ...(await getBillingDeps()),
      mailer: getMailer(),
      webhookWaitMs: config.AUTO_TOP_UP_WEBHOOK_WAIT_MINUTES * 60_000,
      // Links in mail from scheduled work: configured, else where this process listens.
      origin: publicOrigin('marketing'),
    },
    db: await getDb(),
    store: getStore(),
    clock: systemClock,
    speech: getSpeechEngine(),
    provider: getCallProvider(),
    brain: getAgentBrain(),
    webhooks: getCallWebhookSender(),
    rules: getRuleSettings(),
    settings: {
      pricePerMinuteMicros: usdToMicros(config.CALL_PRICE_PER_MINUTE_USD),
      timeScale: config.SANDBOX_TIME_SCALE,
      urlSigningKey: config.URL_SIGNING_KEY,
      allowIps: config.WEBHOOK_ALLOW_IPS,
    },
  };
}
