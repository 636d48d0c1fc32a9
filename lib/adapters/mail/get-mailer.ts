import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { getStore, type Store } from '../store';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';
import type { Mailer } from './types';

export function createMailer(config: Config, store: Store): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return new OutboxMailer(store);
}

export function getMailer(): Mailer {
  return singleton('mailer', () => createMailer(getConfig(), getStore()));
}
