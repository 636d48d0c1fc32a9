import { fullFormats } from 'ajv-formats/dist/formats';
import { describe, expect, it } from 'vitest';
import { readContactMessage } from '@/lib/site/contact/read-contact-message';
import { EMAIL_PATTERN, isEmailAddress } from '@/schemas/email';
import { marketingOpenApi } from '@/schemas/openapi/marketing';
import { InviteRequest } from '@/schemas/accounts';

// Issue 36: one email rule for contact, leads, sign-up and invitations, agreeing with the
// documents' `format: email` as JSON Schema validators read it (ajv-formats' full `email`).
const ajvEmail = fullFormats.email as RegExp;

const VALID: [string, string][] = [
  ['ada@example.com', 'plain'],
  ['ada+news@example.com', 'plus addressing'],
  ['ada.lovelace+a.b@mail.example.co.uk', 'dots and plus, several labels'],
  ["o'brien@example.ie", 'an apostrophe'],
  ['x_y-z@ex-ample.com', 'underscore and hyphens inside'],
  ['a{b}|c=d@example.org', 'other RFC 5322 atext'],
  ['ADA@EXAMPLE.COM', 'upper case'],
  ['ada@xn--bcher-kva.de', 'an IDN domain in its xn-- form'],
  ['ada@example.xn--fiqs8s', 'an IDN top-level domain in its xn-- form'],
  ['a@b.museum', 'a long top-level domain'],
  [`a@${'a'.repeat(63)}.com`, 'a 63-character label'],
];

const INVALID: [string, string][] = [
  ['x@host-.example.com', 'a label ending in a hyphen'],
  ['x@-host.example.com', 'a label starting with a hyphen'],
  ['ada@bücher.de', 'a Unicode domain (idn-email, not email)'],
  ['用户@例子.广告', 'a Unicode local part and domain'],
  ['a..b@example.com', 'two dots in a row'],
  ['.ada@example.com', 'a leading dot'],
  ['ada.@example.com', 'a trailing dot in the local part'],
  ['ada@localhost', 'a single-label host'],
  ['"ada lovelace"@example.com', 'a quoted local part'],
  ['ada@[192.0.2.1]', 'an IP literal'],
  ['ada@example.c', 'a one-letter top-level domain'],
  ['ada@example.123', 'a numeric top-level domain'],
  ['ada@exa_mple.com', 'an underscore in the domain'],
  ['ada lovelace@example.com', 'a space'],
  ['ada@example..com', 'an empty label'],
  [`a@${'a'.repeat(64)}.com`, 'a 64-character label'],
  [`${'a'.repeat(245)}@example.com`, 'over 254 characters'],
  ['ada-at-example.com', 'no @'],
  ['', 'empty'],
];

describe('the one email rule (schemas/email.ts)', () => {
  it.each(VALID)('accepts %s (%s), as format: email does', (address) => {
    expect(isEmailAddress(address)).toBe(true);
    expect(ajvEmail.test(address)).toBe(true);
  });

  it.each(INVALID)('refuses %s (%s)', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('contact and leads refuse what the rule refuses', () => {
    const message = { name: 'Ada', message: 'Hello' };
    expect(() => readContactMessage({ ...message, email: 'x@host-.example.com' })).toThrow(
      expect.objectContaining({ code: 'MISSING_REQUIRED_FIELDS' }),
    );
    expect(readContactMessage({ ...message, email: 'Ada+News@Example.com' }).email).toBe(
      'ada+news@example.com',
    );
  });

  it('the documents carry the rule as the pattern beside format: email', () => {
    const marketing = marketingOpenApi('https://www.example') as unknown as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(marketing.components.schemas.ContactRequest!.properties.email).toMatchObject({
      format: 'email',
      pattern: EMAIL_PATTERN.source,
      maxLength: 254,
    });
  });

  it('invitations use the same rule', () => {
    expect(
      InviteRequest.safeParse({ email: 'x@host-.example.com', role: 'developer' }).success,
    ).toBe(false);
    expect(
      InviteRequest.safeParse({ email: 'ada+team@example.com', role: 'developer' }).success,
    ).toBe(true);
  });
});
