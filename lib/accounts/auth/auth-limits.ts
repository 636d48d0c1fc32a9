import { randomUUID } from 'node:crypto';
import { ApiError } from '../../platform/errors/api-error';
import { checkRateLimit, type RateLimitPolicy } from '../../adapters/store/check-rate-limit';
import type { Store } from '../../adapters/store';

interface Limit {
  policy: RateLimitPolicy;
  limit: number;
}

const MINUTE = 60_000;
const limit = (name: string, windowMs: number, max: number): Limit => ({
  policy: { name, keyPrefix: `rl:${name}:`, windowMs },
  limit: max,
});

/** Sending sign-in mail and trying codes, per IP and per address (store-backed, all instances). */
export const authLimits = {
  sendPerIp: limit('auth-send-ip', 60 * MINUTE, 20),
  sendPerEmail: limit('auth-send-email', 15 * MINUTE, 5),
  verifyPerIp: limit('auth-verify-ip', 15 * MINUTE, 30),
  verifyPerEmail: limit('auth-verify-email', 15 * MINUTE, 10),
} as const;

/** One hit on each (limit, subject); the first refusal throws 429 with Retry-After. */
export async function enforceLimits(
  store: Store,
  hits: [Limit, string][],
  now: number,
): Promise<void> {
  for (const [{ policy, limit: max }, subject] of hits) {
    const result = await checkRateLimit(store, policy, subject, max, now, randomUUID());
    if (!result.allowed) {
      throw new ApiError('TOO_MANY_REQUESTS', {
        message: 'Too many sign-in attempts or messages; wait before trying again.',
        headers: result.headers,
      });
    }
  }
}
