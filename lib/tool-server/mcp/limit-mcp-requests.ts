import { randomUUID } from 'node:crypto';
import { ApiError } from '../../platform/errors/api-error';
import { checkRateLimit, type RateLimitPolicy } from '../../adapters/store/check-rate-limit';
import type { Store } from '../../adapters/store';

const policy: RateLimitPolicy = { name: 'mcp', keyPrefix: 'rl:mcp:', windowMs: 60_000 };

/**
 * `perMinute` (the spec's 120) tool-server requests per minute per organization, whatever the
 * credential, counted in the shared store so every instance sees the same window. Returns the
 * RateLimit headers to send.
 */
export async function limitMcpRequests(
  store: Store,
  orgId: string,
  perMinute: number,
  now: number,
): Promise<Record<string, string>> {
  const result = await checkRateLimit(store, policy, orgId, perMinute, now, randomUUID());
  if (!result.allowed) throw new ApiError('TOOL_RATE_LIMITED', { headers: result.headers });
  return result.headers;
}
