import { getAgentBrain } from '../agent';
import { getConfig } from '../config';
import { getDb } from '../db';
import { usdToMicros } from '../orgs/money';
import { systemClock } from '../runtime/clock';
import { getSpeechEngine } from '../speech';
import { getStore } from '../store';
import { getCallProvider } from '../telephony';
import { getCallWebhookSender } from '../webhooks';
import type { CallDeps } from './types';

/** The process's call service dependencies, from validated config. */
export async function getCallDeps(): Promise<CallDeps> {
  const config = getConfig();
  return {
    db: await getDb(),
    store: getStore(),
    clock: systemClock,
    speech: getSpeechEngine(),
    provider: getCallProvider(),
    brain: getAgentBrain(),
    webhooks: getCallWebhookSender(),
    settings: {
      pricePerMinuteMicros: usdToMicros(config.CALL_PRICE_PER_MINUTE_USD),
      timeScale: config.SANDBOX_TIME_SCALE,
      urlSigningKey: config.URL_SIGNING_KEY,
      allowIps: config.WEBHOOK_ALLOW_IPS,
    },
  };
}
