/** One message we send: plain text always, HTML optional; `links` are what a reader would click. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The actionable links in the message, printed by the embedded mailer for a developer. */
  links?: string[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** One line for the start-up log, without credentials. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  /** The embedded mailer only: what it kept, newest first. */
  list?(): Promise<KeptMail[]>;
}

/** A message the embedded mailer kept. */
export interface KeptMail extends MailMessage {
  id: string;
  at: string;
}

export class MailError extends Error {
  override name = 'MailError';
}
