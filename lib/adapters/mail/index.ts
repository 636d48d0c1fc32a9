export type { MailMessage, Mailer } from './types';
export { MailError } from './types';
export { createMailer, getMailer } from './get-mailer';
export { OutboxMailer, MAIL_OUTBOX_KEY, type OutboxMail } from './outbox-mailer';
export { SmtpMailer } from './smtp-mailer';
export { listOutboxMail } from './list-outbox-mail';
