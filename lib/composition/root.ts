// The composition root: the one place that builds the process's adapters (each once, when first
// read: the singletons under them) and hands each context only the fields it uses. A read such as
// the console's calls list asks for the call dependencies and touches the database alone: every
// other adapter is a getter here, built if and when the code reads it.
import { getAgentBrain } from '../adapters/agent-brain';
import { getBotCheck } from '../adapters/botcheck';
import { getCms } from '../adapters/cms';
import { getCrm } from '../adapters/crm';
import { getDb } from '../adapters/db';
import { getMailer } from '../adapters/mail';
import { getPaymentProvider } from '../adapters/payments';
import type { Ports } from '../adapters/ports';
import { getStreamingRecognizer } from '../adapters/recognizers/get-streaming-recognizer';
import { getSpeechRecognizer } from '../adapters/recognizers/speech-recognizer';
import { getSpeechEngine } from '../adapters/speech-engine';
import { getStore } from '../adapters/store';
import { carrierLineOf, getCallProvider } from '../adapters/telephony';
import { getVad } from '../adapters/vad';
import { getLiveAdmission } from './live-admission';
import { getCallWebhookSender, getWebhookSender } from '../adapters/webhooks';
import { getRuleSettings } from '../calls/rules';
import { TurnDetector } from '../calls/conversation/turn-detector';
import type { ConversationDeps } from '../calls/conversation/types';
import { VadVoicing } from '../calls/conversation/vad-voicing';
import type { CallDeps } from '../calls/types';
import { lineLimitsOf } from '../calls/call-controls';
import { getConfig } from '../platform/config/config';
import { usdToMicros } from '../platform/money';
import { systemClock } from '../platform/runtime/clock';
import type { AgentDeps } from '../calls/agents';
import type { NumberDeps } from '../calls/numbers';
import type { LeadDeps } from '../site/leads/types';
import type { SpeechDeps } from '../speech/types';
import type { VoiceDeps } from '../speech/voices/types';
import type { BillingDeps } from '../wallet/billing/types';

/** Every port but the database, each built on first read. */
export function portsWithoutDb(): Omit<Ports, 'db'> {
  return {
    clock: systemClock,
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
    get recognizer() {
      return getSpeechRecognizer();
    },
    get callWebhooks() {
      return getCallWebhookSender();
    },
    get leadWebhooks() {
      return getWebhookSender();
    },
    get payments() {
      return getPaymentProvider();
    },
    get mailer() {
      return getMailer();
    },
    get cms() {
      return getCms();
    },
    get crm() {
      return getCrm();
    },
    get botCheck() {
      return getBotCheck();
    },
  };
}

/** Every port of the process: the database opened (migrated on first use), the rest lazy. */
export async function getPorts(): Promise<Ports> {
  const db = await getDb();
  return Object.defineProperty(portsWithoutDb(), 'db', { value: db, enumerable: true }) as Ports;
}

/**
 * The fields a context names (its own name → the port's), as getters: nothing is built until
 * read. A plain copy (spread, Object.assign from `ports`) would build every adapter it names.
 */
export function pick<P extends object, const M extends Record<string, keyof P>>(
  ports: P,
  fields: M,
): { [K in keyof M]: P[M[K]] } {
  const picked = {} as { [K in keyof M]: P[M[K]] };
  for (const [name, port] of Object.entries(fields) as [string, keyof P][]) {
    Object.defineProperty(picked, name, { enumerable: true, get: () => ports[port] });
  }
  return picked;
}

export async function getCallDeps(): Promise<CallDeps> {
  const config = getConfig();
  const ports = pick(await getPorts(), {
    db: 'db',
    clock: 'clock',
    store: 'store',
    speech: 'speech',
    provider: 'provider',
    brain: 'brain',
    webhooks: 'callWebhooks',
  });
  return Object.assign(ports, {
    rules: getRuleSettings(),
    admission: getLiveAdmission(),
    lineLimits: lineLimitsOf(carrierLineOf(ports.provider) !== null, getStreamingRecognizer()),
    settings: {
      pricePerMinuteMicros: usdToMicros(config.CALL_PRICE_PER_MINUTE_USD),
      timeScale: config.SANDBOX_TIME_SCALE,
      urlSigningKey: config.URL_SIGNING_KEY,
      allowIps: config.WEBHOOK_ALLOW_IPS,
    },
  });
}

/** The live-call dependencies, or null when no carrier is configured (the sandbox line). */
export async function getConversationDeps(): Promise<ConversationDeps | null> {
  const ports = await getPorts();
  const recognizer = ports.recognizer;
  const carrier = carrierLineOf(ports.provider);
  if (!carrier || !recognizer) return null;
  const config = getConfig();
  const vad = await getVad();
  return Object.assign(
    pick(ports, { db: 'db', store: 'store', clock: 'clock', speech: 'speech', brain: 'brain' }),
    {
      rules: getRuleSettings(),
      lineRules: { rules: getRuleSettings(), provider: ports.provider },
      recognizer,
      streaming: getStreamingRecognizer(),
      ...(vad
        ? {
            turnDetector: (options: { silenceMs: number; minSilenceMs: number }) =>
              new TurnDetector({ ...options, voicing: new VadVoicing(vad) }),
          }
        : {}),
      carrier,
      admission: getLiveAdmission(),
      settings: {
        urlSigningKey: config.URL_SIGNING_KEY,
        silenceMs: config.END_OF_TURN_SILENCE_MS,
        allowIps: config.WEBHOOK_ALLOW_IPS,
      },
    },
  );
}

export async function getSpeechDeps(): Promise<SpeechDeps> {
  const pricePer1kMicros = usdToMicros(getConfig().SPEECH_PRICE_PER_1K_CHARS_USD);
  return Object.assign(
    pick(await getPorts(), { db: 'db', store: 'store', clock: 'clock', speech: 'speech' }),
    { settings: { pricePer1kMicros } },
  );
}

export async function getVoiceDeps(): Promise<VoiceDeps> {
  return pick(await getPorts(), { db: 'db', speech: 'speech' });
}

export async function getBillingDeps(): Promise<BillingDeps> {
  const config = getConfig();
  return Object.assign(pick(await getPorts(), { db: 'db', payments: 'payments', clock: 'clock' }), {
    settings: {
      minTopUpMicros: usdToMicros(config.TOP_UP_MIN_USD),
      maxTopUpMicros: usdToMicros(config.TOP_UP_MAX_USD),
    },
  });
}

/** The lead forms' dependencies (no database: leads live in the store and the CRM). */
export function getLeadDeps(): LeadDeps {
  const ports = pick(portsWithoutDb(), {
    store: 'store',
    cms: 'cms',
    crm: 'crm',
    webhooks: 'leadWebhooks',
    botCheck: 'botCheck',
    clock: 'clock',
  });
  return Object.assign(ports, { privacyHashKey: getConfig().PRIVACY_HASH_KEY });
}

/** The saved agents' dependencies: the database, and which private addresses webhooks may reach. */
export async function getAgentDeps(): Promise<AgentDeps> {
  return Object.assign(pick(await getPorts(), { db: 'db' }), {
    allowIps: getConfig().WEBHOOK_ALLOW_IPS,
    urlSigningKey: getConfig().URL_SIGNING_KEY,
  });
}

/** The phone numbers' dependencies: the database, the line (carrier or sandbox) and the rent. */
export async function getNumberDeps(): Promise<NumberDeps> {
  return Object.assign(pick(await getPorts(), { db: 'db', provider: 'provider' }), {
    monthlyFeeMicros: usdToMicros(getConfig().NUMBER_MONTHLY_FEE_USD),
  });
}
