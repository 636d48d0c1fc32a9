import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from './zod';

/** An E.164 number that libphonenumber-js accepts as valid; output is the canonical E.164 form. */
export const E164 = z
  .string()
  .trim()
  .refine((value) => /^\+[1-9]\d{6,14}$/.test(value.replace(/[\s().-]/g, '')), {
    message: 'must be an E.164 number with country code, e.g. +14155550123',
  })
  .refine((value) => parsePhoneNumberFromString(value)?.isValid() ?? false, {
    message: 'is not a valid phone number for its country',
  })
  .transform((value) => parsePhoneNumberFromString(value)!.number);
