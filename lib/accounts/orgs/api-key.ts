import { createHash, randomBytes } from 'node:crypto';

/** Recognisable in logs and secret scanners; 256 random bits after it. */
export const API_KEY_PREFIX = 'vai_sk_';

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What a person may see of a key after it was shown once. */
export function displayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 4);
}
