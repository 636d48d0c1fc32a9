import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { isEmailAddress } from '@/schemas/email';
import { ApiError } from '../../platform/errors/api-error';
import type { ErrorCode } from '../../platform/errors/error-codes';
import { checkEmailPolicy } from './check-email-policy';
import type { LeadField } from './lead-form';

export type CleanValue = string | number | boolean | string[];
export type CleanValues = Record<string, CleanValue>;

/** Text without a maxLength still has a ceiling, so a form cannot be used to store megabytes. */
const DEFAULT_MAX_LENGTH = 5_000;

type Outcome = { ok: true; value: CleanValue | undefined } | { ok: false; code: ErrorCode };
const fail = (code: ErrorCode): Outcome => ({ ok: false, code });
const pass = (value: CleanValue | undefined): Outcome => ({ ok: true, value });

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function compilePattern(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined; // an editor's broken regex must not reject every lead
  }
}

function checkText(value: unknown, field: LeadField, typeCode: ErrorCode): Outcome {
  // Numbers are accepted where text is expected (a hidden timestamp, a postcode typed as number).
  if (typeof value !== 'string' && typeof value !== 'number') return fail(typeCode);
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text.length > (field.maxLength ?? DEFAULT_MAX_LENGTH)) return fail('TOO_LONG');
  const pattern = field.pattern ? compilePattern(field.pattern) : undefined;
  if (pattern && !pattern.test(text)) return fail('PATTERN_MISMATCH');
  return pass(text);
}

function checkValue(value: unknown, field: LeadField): Outcome {
  const allowed = new Set(field.options.map((o) => o.value));
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'hidden':
      return checkText(value, field, 'PATTERN_MISMATCH');
    case 'email': {
      if (typeof value !== 'string') return fail('INVALID_EMAIL');
      const email = value.trim().toLowerCase();
      if (email.length > (field.maxLength ?? 254)) return fail('TOO_LONG');
      if (!isEmailAddress(email)) return fail('INVALID_EMAIL');
      const policy = checkEmailPolicy(email, field);
      return policy ? fail(policy) : pass(email);
    }
    case 'phone': {
      if (typeof value !== 'string' && typeof value !== 'number') return fail('INVALID_PHONE');
      const text = String(value).trim();
      if (text.length > 40) return fail('TOO_LONG');
      const phone = parsePhoneNumberFromString(text.startsWith('+') ? text : `+${text}`);
      return phone?.isValid() ? pass(phone.number) : fail('INVALID_PHONE');
    }
    case 'url': {
      if (typeof value !== 'string') return fail('INVALID_URL');
      const text = value.trim();
      if (text.length > (field.maxLength ?? 2048)) return fail('TOO_LONG');
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return fail('INVALID_URL');
      }
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.'))
        return fail('INVALID_URL');
      return pass(url.toString());
    }
    case 'select':
      return typeof value === 'string' && allowed.has(value) ? pass(value) : fail('INVALID_OPTION');
    case 'multiselect': {
      if (!Array.isArray(value)) return fail('INVALID_OPTION');
      const picked = value as unknown[];
      if (!picked.every((v): v is string => typeof v === 'string' && allowed.has(v)))
        return fail('INVALID_OPTION');
      return pass([...new Set(picked as string[])]);
    }
    case 'checkbox':
      if (typeof value !== 'boolean') return fail('INVALID_OPTION');
      // A required checkbox (consent) must be ticked.
      if (field.required && !value) return fail('REQUIRED');
      return pass(value);
    case 'number': {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : NaN;
      return Number.isFinite(number) ? pass(number) : fail('PATTERN_MISMATCH');
    }
  }
}

/**
 * Checks `values` against the form's fields in form order and throws the first failure as a
 * 400 with `error.field`. Returns only the form's own fields, normalised (trimmed text,
 * lower-case email, E.164 phone). Keys not on the form are dropped.
 */
export function validateLeadValues(
  fields: LeadField[],
  values: Record<string, unknown>,
): CleanValues {
  const clean: CleanValues = {};
  for (const field of fields) {
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    if (isBlank(value)) {
      if (field.required) throw new ApiError('REQUIRED', { field: field.name });
      continue;
    }
    const outcome = checkValue(value, field);
    if (!outcome.ok) throw new ApiError(outcome.code, { field: field.name });
    if (outcome.value !== undefined) clean[field.name] = outcome.value;
  }
  return clean;
}
