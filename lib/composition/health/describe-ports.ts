import { getBotCheck } from '../../adapters/botcheck';
import { getCms } from '../../adapters/cms';
import { getCrm } from '../../adapters/crm';
import { getMailer } from '../../adapters/mail';
import { getSpeechEngine } from '../../adapters/speech-engine';
import { getStore } from '../../adapters/store';
import { getAgentBrain } from '../../adapters/agent-brain';
import { getConfig } from '../../platform/config/config';
import { getDatabase } from '../../adapters/db';
import { getCallProvider } from '../../adapters/telephony';
import { describeRecognizers } from '../../adapters/recognizers/describe-recognizers';
import { getPaymentProvider } from '../../adapters/payments';
import { getSpeechRecognizer } from '../../adapters/recognizers/speech-recognizer';
import { getStreamingRecognizer } from '../../adapters/recognizers/get-streaming-recognizer';
import { getWebhookSender } from '../../adapters/webhooks';

export type PortName =
  | 'store'
  | 'database'
  | 'cms'
  | 'crm'
  | 'mail'
  | 'botcheck'
  | 'webhooks'
  | 'telephony'
  | 'agent'
  | 'scheduler'
  | 'speech'
  | 'recognizer'
  | 'voiceActivity'
  | 'payments';

/** Which adapter each port uses, one line each, for the start-up log. */
export function describePorts(): Record<PortName, string> {
  return {
    store: getStore().description,
    cms: getCms().description,
    crm: getCrm().description,
    mail: getMailer().description,
    botcheck: getBotCheck().description,
    webhooks: getWebhookSender().description,
    database: getDatabase().description,
    telephony: getCallProvider().description,
    agent: getAgentBrain().description,
    scheduler: getConfig().CALL_SCHEDULER
      ? 'in-process (calls advance on their own; webhooks, top-ups and refunds on the pg-boss queue)'
      : 'off (call /internal/cron/calls to advance calls and run the queued jobs)',
    // Describing the engine starts no worker: they start on the first synthesis.
    speech: getSpeechEngine().description,
    voiceActivity:
      getConfig().VOICE_ACTIVITY === 'energy'
        ? 'energy (VOICE_ACTIVITY=energy)'
        : `Silero VAD v5 (onnxruntime-node, ${getConfig().VAD_THREAD === 'main' ? 'on the main thread' : 'in a worker thread'}; loaded at start-up when real calls are on)`,
    recognizer: describeRecognizers(getStreamingRecognizer(), getSpeechRecognizer()),
    payments: getPaymentProvider().description,
  };
}
