import type { Store } from '.';

export interface RateLimitPolicy {
  /** Named in the RateLimit-Policy header. */
  name: string;
  keyPrefix: string;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** IETF RateLimit-Policy / RateLimit headers, plus Retry-After when refused. */
  headers: Record<string, string>;
}

/**
 * One hit against `policy` for `subject` (sliding window of `limit` hits). Retry-After and the
 * reset are whole seconds, at least 1, computed from the caller's clock.
 */
export async function checkRateLimit(
  store: Store,
  policy: RateLimitPolicy,
  subject: string,
  limit: number,
  now: number,
  hitId: string,
): Promise<RateLimitResult> {
  const result = await store.slidingWindow(policy.keyPrefix + subject, {
    limit,
    windowMs: policy.windowMs,
    now,
    member: hitId,
  });
  const resetSeconds = Math.max(1, Math.ceil((result.resetAt - now) / 1000));
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"${policy.name}";q=${limit};w=${Math.round(policy.windowMs / 1000)}`,
    RateLimit: `"${policy.name}";r=${Math.max(0, limit - result.count)};t=${resetSeconds}`,
  };
  if (!result.allowed) headers['Retry-After'] = String(resetSeconds);
  return { allowed: result.allowed, headers };
}
