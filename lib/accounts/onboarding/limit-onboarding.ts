import { randomUUID } from 'node:crypto';
import { ApiError } from '../../platform/errors/api-error';
import { checkRateLimit } from '../../adapters/store/check-rate-limit';
import type { Store } from '../../adapters/store';

const policy = { name: 'agent-onboarding', keyPrefix: 'rl:agent-onboarding:', windowMs: 60_000 };
export const ONBOARDING_REQUESTS_PER_MINUTE = 600;

/** More than 600 requests a minute from one IP on start and poll together → 429 RATE_LIMITED. */
export async function limitOnboarding(store: Store, ip: string, now: number): Promise<void> {
  const result = await checkRateLimit(
    store,
    policy,
    ip,
    ONBOARDING_REQUESTS_PER_MINUTE,
    now,
    randomUUID(),
  );
  if (!result.allowed)
    throw new ApiError('RATE_LIMITED', {
      message: 'More than 600 onboarding requests this minute from this address.',
      hint: 'Wait Retry-After seconds, then retry.',
      headers: result.headers,
    });
}
