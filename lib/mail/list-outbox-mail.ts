import { OutboxMailer, type OutboxMail } from './outbox-mailer';
import type { Mailer } from './types';

/** What the embedded mailer kept, newest first; with SMTP configured nothing is kept here. */
export async function listOutboxMail(
  mailer: Mailer,
): Promise<{ adapter: Mailer['kind']; messages: OutboxMail[] }> {
  if (mailer instanceof OutboxMailer) return { adapter: 'outbox', messages: await mailer.list() };
  return { adapter: mailer.kind, messages: [] };
}
