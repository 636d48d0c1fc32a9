import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from './zod';

const CANONICAL = /^\+[1-9]\d{6,14}$/;

/** An E.164 number that libphonenumber-js accepts as valid; output is the canonical E.164 form. */
export const E164 = z
  .string()
  .trim()
  .refine((value) => CANONICAL.test(value.replace(/[\s().-]/g, '')), {
    message: 'must be an E.164 number with country code, e.g. +14155550123',
  })
  // Parsed once (a dispatch's most expensive validation): valid for its country, then canonical.
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value);
    if (parsed?.isValid()) return parsed.number;
    ctx.addIssue({ code: 'custom', message: 'is not a valid phone number for its country' });
    return z.NEVER;
  })
  // The document gives the canonical form; spaces, dots, dashes and parentheses are also
  // accepted and removed, and the number must be valid for its country (libphonenumber-js).
  .openapi({ type: 'string', pattern: CANONICAL.source, example: '+14155550123' });
