import { createHash, randomBytes, randomInt } from 'node:crypto';

/** RFC 8628 §6.1: consonants only, no vowels (no words), no look-alikes. */
const ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

export const ONBOARDING_TTL_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;

export const newDeviceCode = () => randomBytes(32).toString('base64url');
export const hashDeviceCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Eight letters, stored bare. */
export function newUserCode(): string {
  return Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** `XXXX-XXXX` for people. */
export const displayUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What a person typed, back to the stored form (case, spaces and dashes ignored). */
export const normalizeUserCode = (typed: string) => typed.toUpperCase().replace(/[^A-Z]/g, '');
