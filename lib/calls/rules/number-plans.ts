import { Metadata, type NumberType } from 'libphonenumber-js/core';
import metadataJson from 'libphonenumber-js/metadata.max.json';

// libphonenumber-js builds `new RegExp('^(?:' + pattern + ')$')` for every pattern it tests, and
// US fixed-line patterns alone are kilobytes long: concatenating and hashing them was most of the
// 30–70 µs a number cost. This reads the same metadata (`max`), through the library's own
// accessors, and compiles each pattern once. It covers what a dial sees — an E.164 number in a
// country's plan that no national prefix could be stripped from — and answers undefined for
// anything else, which the caller then hands to the library itself. Its answers are the
// library's (tests/unit/calls/rules/number-plans.test.ts compares them on every calling code).

type Type = NonNullable<NumberType>;

/** The accessors of libphonenumber-js's Metadata class that this reads (its typings omit them). */
interface MetadataReader {
  selectNumberingPlan(countryOrCallingCode: string): void;
  hasCallingCode(callingCode: string): boolean | undefined;
  getCountryCodesForCallingCode(callingCode: string): string[] | undefined;
  nationalNumberPattern(): string;
  nationalPrefixForParsing(): string | undefined;
  leadingDigits(): string | undefined;
  type(type: Type): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
}

interface CompiledType {
  type: Type;
  /** An empty pattern: the type was folded into fixed line (see numberType). */
  empty: boolean;
  matches: RegExp | null;
  lengths: number[] | undefined;
}

interface CompiledPlan {
  national: RegExp;
  /** `^(?:national prefix for parsing)`; null when the plan has none. */
  prefix: RegExp | null;
  /** `^(?:leading digits)`, the library's `search(...) === 0`; null when the plan has none. */
  leading: RegExp | null;
  fixedLine: CompiledType | undefined;
  mobile: CompiledType | undefined;
  /** The other types, in the order the library tries them. */
  others: CompiledType[];
}

const NON_FIXED_LINE_TYPES: Type[] = [
  'MOBILE',
  'PREMIUM_RATE',
  'TOLL_FREE',
  'SHARED_COST',
  'VOIP',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
];

const reader = new Metadata(metadataJson) as unknown as MetadataReader;
const plans = new Map<string, CompiledPlan>();

function compileType(type: Type): CompiledType | undefined {
  const found = reader.type(type);
  if (!found) return undefined;
  const pattern = found.pattern();
  return {
    type,
    empty: pattern === '',
    matches: pattern ? new RegExp(`^(?:${pattern})$`) : null,
    lengths: found.possibleLengths(),
  };
}

/** A country's plan (or a calling code's main plan), compiled on first use. */
function planOf(countryOrCallingCode: string): CompiledPlan {
  let plan = plans.get(countryOrCallingCode);
  if (!plan) {
    reader.selectNumberingPlan(countryOrCallingCode);
    const prefix = reader.nationalPrefixForParsing();
    const leading = reader.leadingDigits();
    plan = {
      national: new RegExp(`^(?:${reader.nationalNumberPattern()})$`),
      prefix: prefix ? new RegExp(`^(?:${prefix})`) : null,
      leading: leading ? new RegExp(`^(?:${leading})`) : null,
      fixedLine: compileType('FIXED_LINE'),
      mobile: compileType('MOBILE'),
      others: NON_FIXED_LINE_TYPES.map(compileType).filter((t) => t !== undefined),
    };
    plans.set(countryOrCallingCode, plan);
  }
  return plan;
}

const isType = (national: string, type: CompiledType | undefined): boolean =>
  !!type?.matches &&
  (!type.lengths || type.lengths.includes(national.length)) &&
  type.matches.test(national);

/** libphonenumber-js's getNumberType, on compiled patterns. */
function numberType(plan: CompiledPlan, national: string): Type | undefined {
  if (!plan.national.test(national)) return undefined;
  if (isType(national, plan.fixedLine)) {
    // A mobile pattern equal to the fixed-line one is stored empty (or left out).
    if (!plan.mobile || plan.mobile.empty || isType(national, plan.mobile)) {
      return 'FIXED_LINE_OR_MOBILE';
    }
    return 'FIXED_LINE';
  }
  return plan.others.find((type) => isType(national, type))?.type;
}

export interface PlanAnswer {
  callingCode: string;
  country: string | undefined;
  type: Type | undefined;
}

/** Digits only, no leading zero, long enough to be viable to the library and short of E.164+2. */
const PLAIN_E164 = /^\+[1-9]\d{2,16}$/;
const MAX_CALLING_CODE = 3;
const MIN_NATIONAL = 2;
const MAX_NATIONAL = 17;

/**
 * The country and type libphonenumber-js's `parsePhoneNumberFromString(e164)` (max metadata) gives
 * `e164`, or undefined when this cannot tell without the library: not a plain E.164 string, an
 * unknown or non-geographic calling code, a number a national prefix could be read off, or a
 * length the library refuses.
 */
export function classifyInPlan(e164: string): PlanAnswer | undefined {
  if (!PLAIN_E164.test(e164)) return undefined;
  let callingCode: string | undefined;
  for (let i = 2; i <= MAX_CALLING_CODE + 1; i += 1) {
    if (reader.hasCallingCode(e164.slice(1, i))) {
      callingCode = e164.slice(1, i);
      break;
    }
  }
  if (!callingCode) return undefined;
  const countries = reader.getCountryCodesForCallingCode(callingCode);
  if (!countries) return undefined;
  const national = e164.slice(callingCode.length + 1);
  if (national.length < MIN_NATIONAL || national.length > MAX_NATIONAL) return undefined;
  if (planOf(callingCode).prefix?.test(national)) return undefined;
  if (countries.length === 1) {
    const country = countries[0]!;
    return { callingCode, country, type: numberType(planOf(country), national) };
  }
  // Several countries share the code (+1, +44, +7…): the first whose leading digits match, or
  // whose patterns give the number a type, as the library picks it.
  for (const country of countries) {
    const plan = planOf(country);
    if (plan.leading) {
      if (plan.leading.test(national)) {
        return { callingCode, country, type: numberType(plan, national) };
      }
      continue;
    }
    const type = numberType(plan, national);
    if (type) return { callingCode, country, type };
  }
  return { callingCode, country: undefined, type: numberType(planOf(callingCode), national) };
}
