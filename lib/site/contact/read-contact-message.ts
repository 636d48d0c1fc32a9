import { isEmailAddress } from '@/schemas/email';
import { ApiError } from '../../platform/errors/api-error';
import type { ContactMessage } from './types';

const MAX = { name: 200, company: 200, message: 10_000 } as const;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The contact form's fields from any JSON value: name, email and message must be non-empty
 * strings (whitespace-only counts as empty) and the email valid by the one rule (schemas/email.ts), else 400
 * MISSING_REQUIRED_FIELDS. A malformed email is that same 400 (documented choice). Over-long
 * values are cut, not refused, so a real enquiry is never lost to a limit.
 */
export function readContactMessage(body: unknown): ContactMessage {
  const input =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const name = text(input.name).slice(0, MAX.name);
  const email = text(input.email).toLowerCase();
  const message = text(input.message).slice(0, MAX.message);
  if (!name || !message || !isEmailAddress(email)) {
    throw new ApiError('MISSING_REQUIRED_FIELDS');
  }
  return { name, email, company: text(input.company).slice(0, MAX.company), message };
}
