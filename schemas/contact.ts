import { EmailAddress } from './email';
import { z } from './zod';

export const ContactRequest = z
  .object({
    // Whitespace-only counts as empty: at least one character that is not whitespace.
    name: z.string().min(1).regex(/\S/).describe('Non-empty.'),
    // What lib/site/contact/read-contact-message.ts enforces (after trimming).
    email: EmailAddress.describe(
      'A valid email address (an IDN domain in its xn-- form); a malformed one gives MISSING_REQUIRED_FIELDS.',
    ),
    // The form never loses an enquiry to a field it does not need: what is not a string is
    // treated as omitted (lib/site/contact/read-contact-message.ts), so the document says any value.
    company: z
      .unknown()
      .optional()
      .describe(
        'A string, forwarded to the CRM; omitted or any other value is forwarded as an empty string.',
      ),
    message: z.string().min(1).regex(/\S/).describe('Non-empty.'),
    botCheckToken: z
      .unknown()
      .optional()
      .describe(
        'Bot-verification token (a string; any other value counts as none); enforced only when the site has a verification secret.',
      ),
  })
  .meta({ id: 'ContactRequest' });

export const ContactSuccessResponse = z
  .object({ success: z.literal(true) })
  .strict()
  .meta({ id: 'ContactSuccessResponse' });
