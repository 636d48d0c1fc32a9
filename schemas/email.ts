import { z } from './zod';

// The one email rule of contact, leads, sign-up and invitations, and what the documents say of
// it. JSON Schema's `email` format is RFC 5321's Mailbox; validators (ajv-formats, Prism, the
// outside fuzzers') read it as a dot-atom local part and a domain of LDH labels: letters, digits
// and hyphens, never a hyphen at either end of a label. This pattern accepts a subset of that, so
// an address we accept is one every such validator accepts, and the documents carry this pattern
// beside the format, so an address the documents allow is one we accept.
// - Plus addressing and the other RFC 5322 atext characters are in the local part.
// - The top-level domain is letters (`.com`, `.museum`) or an IDN in its ASCII form (`xn--…`);
//   Unicode domains and local parts (`idn-email`, RFC 6531) are refused: mail to them needs
//   SMTPUTF8, and the documents say `email`. Send an IDN domain as its `xn--` A-label.
// - No quoted local parts, IP literals or single-label hosts (`user@localhost`).
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TLD = '(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9](?:[A-Za-z0-9-]{0,57}[A-Za-z0-9])?)';
export const EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TLD}$`);

/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;

export const isEmailAddress = (value: string): boolean =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** An email address by the one rule; the document says `format: email` and the pattern. */
export const EmailAddress = z
  .email({ pattern: EMAIL_PATTERN })
  .min(1)
  .max(EMAIL_MAX_LENGTH)
  // The generator writes only the format of z.email(); the pattern is what the rule adds to it.
  .openapi({ pattern: EMAIL_PATTERN.source });
