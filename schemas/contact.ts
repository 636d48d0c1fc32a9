import { z } from './zod';

export const ContactRequest = z
  .object({
    name: z.string().describe('Non-empty.'),
    // What lib/contact/read-contact-message.ts enforces (after trimming).
    email: z
      .email()
      .max(254)
      .describe('Non-empty, a valid email address; a malformed one gives MISSING_REQUIRED_FIELDS.'),
    company: z
      .string()
      .optional()
      .describe('Forwarded to the CRM as an empty string when omitted.'),
    message: z.string().describe('Non-empty.'),
    botCheckToken: z
      .string()
      .optional()
      .describe('Bot-verification token; enforced only when the site has a verification secret.'),
  })
  .meta({ id: 'ContactRequest' });

export const ContactSuccessResponse = z
  .object({ success: z.literal(true) })
  .strict()
  .meta({ id: 'ContactSuccessResponse' });
