import { z } from 'zod';

/** The mail port's variables (lib/platform/config/config.ts spreads them into the one environment schema). */
export const mailEnvShape = {
  // Outgoing mail (sign-in links, invitations): smtp(s)://user:pass@host:port; unset: the embedded outbox.
  SMTP_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^/]+/, 'must be smtp://… or smtps://user:pass@host:port')
        .optional(),
    )
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('VoiceAI <no-reply@localhost>'),
  // Where the console's limit raise requests are mailed (the support desk).
  SUPPORT_EMAIL: z.email().default('support@localhost'),
};
