import type { Store } from '../../adapters/store';
import { hashEmail } from './hash-email';
import { leadKeys } from './keys';

/**
 * A deletion request: submissions already stored with this email are erased (submission and sync
 * state; the indexes then point at nothing), and a standing request suppresses future capture.
 * Only the keyed hash of the address is kept, without expiry. Returns how many were erased.
 */
export async function recordDeletionRequest(
  store: Store,
  privacyHashKey: string,
  email: string,
  now: number,
): Promise<{ erased: number }> {
  const hash = hashEmail(email, privacyHashKey);
  // Recorded first: a submission checking after this is refused. One already past its check can
  // still land after the erase below (a narrow race, see README).
  await store.set(leadKeys.deletion(hash), new Date(now).toISOString());
  const ids = await store.listRange(leadKeys.byEmail(hash), 0, -1);
  let erased = 0;
  for (const id of new Set(ids)) {
    if (await store.del(leadKeys.submission(id))) erased += 1;
    await store.del(leadKeys.sync(id));
  }
  await store.del(leadKeys.byEmail(hash));
  return { erased };
}
