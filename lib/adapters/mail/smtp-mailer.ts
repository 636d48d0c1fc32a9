import nodemailer, { type Transporter } from 'nodemailer';
import { MailError, type MailMessage, type Mailer } from './types';

/** Mail over SMTP with nodemailer; `url` is `smtp://` or `smtps://user:pass@host:port`. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  readonly description: string;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    const parsed = new URL(url);
    this.description = `SMTP ${parsed.protocol.replace(':', '')}://${parsed.hostname}:${parsed.port || 'default'} (from ${from})`;
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (error) {
      throw new MailError(`SMTP delivery failed: ${(error as Error).message}`);
    }
  }
}
