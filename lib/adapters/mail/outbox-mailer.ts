import { randomUUID } from 'node:crypto';
import { StoreOutbox, type Store } from '../store';
import type { KeptMail, MailMessage, Mailer } from './types';

export const MAIL_OUTBOX_KEY = 'mail:outbox';

export type OutboxMail = KeptMail;

/**
 * No SMTP server configured: each message is printed on the server's console and kept in the
 * store (shared with other instances and read by `npm run admin -- mail` through the admin API).
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  readonly description: string;
  private readonly outbox: StoreOutbox<OutboxMail>;

  constructor(
    store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.outbox = new StoreOutbox(store, MAIL_OUTBOX_KEY, 200);
    this.description = `embedded: printed on this console and kept in an ${this.outbox.description}; list it with npm run admin -- mail`;
  }

  async send(message: MailMessage): Promise<void> {
    const entry: OutboxMail = { ...message, id: randomUUID(), at: this.now().toISOString() };
    await this.outbox.append(entry);
    const links = (message.links ?? []).map((link) => `\n  link: ${link}`).join('');
    console.info(`mail to ${message.to}: ${message.subject}${links}`);
  }

  /** Newest first. */
  async list(): Promise<OutboxMail[]> {
    return (await this.outbox.list()).reverse();
  }
}
