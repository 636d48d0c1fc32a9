import { getAgentBrain } from '../adapters/agent-brain';
import { getConfig } from '../platform/config/config';
import { getDb } from '../adapters/db';
import { usdToMicros } from '../platform/money';
import { systemClock } from '../platform/runtime/clock';
import { getSpeechEngine } from '../adapters/speech-engine';
import { getStore } from '../adapters/store';
import { getCallProvider } from '../adapters/telephony';
import { getCallWebhookSender } from '../adapters/webhooks';
import { getRuleSettings } from '../calls/rules';
import type { CallDeps } from '../calls/types';

/** The process's call service dependencies, from validated config. */
export async function getCallDeps(): Promise<CallDeps> {
  const config = getConfig();
  return {
    db: await getDb(),
    clock: systemClock,
    // Built on first use: a read (list calls, a call's page) touches only the database.
    get store() {
      return getStore();
    },
    get speech() {
      return getSpeechEngine();
    },
    get provider() {
      return getCallProvider();
    },
    get brain() {
      return getAgentBrain();
    },
    get webhooks() {
      return getCallWebhookSender();
    },
    rules: getRuleSettings(),
    settings: {
      pricePerMinuteMicros: usdToMicros(config.CALL_PRICE_PER_MINUTE_USD),
      timeScale: config.SANDBOX_TIME_SCALE,
      urlSigningKey: config.URL_SIGNING_KEY,
      allowIps: config.WEBHOOK_ALLOW_IPS,
    },
  };
}
