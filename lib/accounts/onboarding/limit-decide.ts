import { randomUUID } from 'node:crypto';
import { ApiError } from '../../platform/errors/api-error';
import { checkRateLimit, type RateLimitPolicy } from '../../adapters/store/check-rate-limit';
import type { Store } from '../../adapters/store';

const window = (name: string): RateLimitPolicy => ({
  name,
  keyPrefix: `rl:${name}:`,
  windowMs: 15 * 60_000,
});

/**
 * A user code is a secret of 8 letters: deciding is limited like trying sign-in codes (the same
 * 30 per IP and 10 per person in 15-minute windows, on every instance), so codes cannot be guessed.
 */
export const decideLimits = [
  { policy: window('agent-decide-ip'), limit: 30, subject: 'ip' },
  { policy: window('agent-decide-user'), limit: 10, subject: 'user' },
] as const;

/** One hit per IP and per signed-in user; the first refusal is 429 TOO_MANY_REQUESTS. */
export async function limitDecide(
  store: Store,
  who: { ip: string; user: string },
  now: number,
): Promise<void> {
  for (const { policy, limit, subject } of decideLimits) {
    const result = await checkRateLimit(store, policy, who[subject], limit, now, randomUUID());
    if (!result.allowed)
      throw new ApiError('TOO_MANY_REQUESTS', {
        message: 'Too many agent codes tried; wait before deciding again.',
        headers: result.headers,
      });
  }
}
