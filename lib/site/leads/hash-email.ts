import { createHmac } from 'node:crypto';

/** Keyed hash of a normalised email: deletion requests never keep the address itself. */
export function hashEmail(email: string, key: string): string {
  return createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');
}
