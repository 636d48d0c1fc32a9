import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';
import { classifyInPlan } from './number-plans';

/** What the rules need to know of a number: its country and the kind of line it reaches. */
export interface NumberClass {
  /** ISO 3166-1 alpha-2; null for a non-geographic number (satellite, international networks). */
  country: string | null;
  /** libphonenumber's type from its full (`max`) metadata; null when it cannot tell. */
  type: NonNullable<NumberType> | null;
  /** Why the number may never be dialled, whatever the organization allows; null: it may be. */
  refusal: string | null;
}

/**
 * Numbers whose calls pay the callee (the heart of revenue-share fraud) or cost a share to
 * both ends, and numbers that forward to wherever their holder says: never dialled.
 */
const REFUSED_TYPES: Partial<Record<NonNullable<NumberType>, string>> = {
  PREMIUM_RATE: 'a premium-rate number',
  SHARED_COST: 'a shared-cost number',
  UAN: 'a universal access number (UAN)',
  PERSONAL_NUMBER: 'a personal (follow-me) number',
};

/** Satellite (+881) and international networks (+882, +883): billed far above any country. */
const REFUSED_CODES: Record<string, string> = {
  '881': 'a satellite number (+881)',
  '882': 'an international network number (+882)',
  '883': 'an international network number (+883)',
};

/** Classifies an E.164 number; an unparseable one is refused outright. */
export function classifyNumber(e164: string): NumberClass {
  // The compiled plans answer for almost every number a dial sees; the library for the rest.
  const known = classifyInPlan(e164);
  if (known) return verdict(known.callingCode, known.country, known.type);
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return { country: null, type: null, refusal: 'not a phone number we can read' };
  return verdict(parsed.countryCallingCode, parsed.country, parsed.getType());
}

function verdict(
  callingCode: string,
  country: string | undefined,
  numberType: NumberType,
): NumberClass {
  const type = numberType ?? null;
  const byCode = REFUSED_CODES[callingCode];
  const byType = type ? REFUSED_TYPES[type] : undefined;
  return {
    country: country ?? null,
    type,
    refusal: byCode ?? byType ?? null,
  };
}
