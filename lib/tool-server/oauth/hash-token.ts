import { createHash } from 'node:crypto';

/** What the database keeps instead of a token value (tokens are 256-bit random: SHA-256 is enough). */
export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
