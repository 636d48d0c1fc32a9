import type { Store } from '../store';
import { hashEmail } from './hash-email';
import { leadKeys } from './keys';

/** A standing deletion request: only the keyed hash of the address is kept, without expiry. */
export async function recordDeletionRequest(
  store: Store,
  privacyHashKey: string,
  email: string,
  now: number,
): Promise<void> {
  await store.set(leadKeys.deletion(hashEmail(email, privacyHashKey)), new Date(now).toISOString());
}
