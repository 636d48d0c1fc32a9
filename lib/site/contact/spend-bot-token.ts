import { createHash } from 'node:crypto';
import type { Store } from '../../adapters/store';

/** Turnstile tokens live 300 s; remembering a spent one a little longer covers them all. */
const SPENT_TTL_MS = 10 * 60_000;

/** Marks a token as used; false when it was used before (a replay). One atomic step. */
export async function spendBotToken(store: Store, token: string): Promise<boolean> {
  const digest = createHash('sha256').update(token).digest('hex');
  const result = await store.setIfAbsent(`botcheck:spent:${digest}`, '1', { ttlMs: SPENT_TTL_MS });
  return result.created;
}
