// The process's outside systems, one field each: the vocabulary every context's dependencies are
// picked from (`Pick<Ports, 'db' | 'clock'>`), and what the composition root builds once.
import type { Clock } from '../platform/runtime/clock';
import type { AgentBrain } from './agent-brain';
import type { BotCheck } from './botcheck';
import type { Cms } from './cms';
import type { Crm } from './crm';
import type { Db } from './db';
import type { Mailer } from './mail';
import type { PaymentProvider } from './payments';
import type { SpeechRecognizer } from './recognizers/speech-recognizer';
import type { SpeechEngine } from './speech-engine';
import type { Store } from './store';
import type { CallProvider } from './telephony';
import type { WebhookSender } from './webhooks';

export interface Ports {
  db: Db;
  store: Store;
  clock: Clock;
  /** Text to speech (eSpeak-NG in process, or an upstream engine). */
  speech: SpeechEngine;
  /** The phone line: the sandbox or a carrier. */
  provider: CallProvider;
  /** The agent that speaks in a call (scripted, or an LLM). */
  brain: AgentBrain;
  /** Whole-turn speech recognition; null: none configured (the sandbox line needs none). */
  recognizer: SpeechRecognizer | null;
  /** Post-call webhooks, signed with each organization's own secret. */
  callWebhooks: WebhookSender;
  /** Lead forms' destinations, signed with the deployment's secret (or kept in an outbox). */
  leadWebhooks: WebhookSender;
  payments: PaymentProvider;
  mailer: Mailer;
  cms: Cms;
  crm: Crm;
  botCheck: BotCheck;
}
