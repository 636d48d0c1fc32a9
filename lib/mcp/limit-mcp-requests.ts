import { randomUUID } from 'node:crypto';
import { ApiError } from '../http/api-error';
import { checkRateLimit, type RateLimitPolicy } from '../rate-limit/check-rate-limit';
import type { Store } from '../store';

export const MCP_REQUESTS_PER_MINUTE = 120;
const policy: RateLimitPolicy = { name: 'mcp', keyPrefix: 'rl:mcp:', windowMs: 60_000 };

/**
 * 120 tool-server requests per minute per organization, whatever the credential, counted in the
 * shared store so every instance sees the same window. Returns the RateLimit headers to send.
 */
export async function limitMcpRequests(
  store: Store,
  orgId: string,
  now: number,
): Promise<Record<string, string>> {
  const result = await checkRateLimit(
    store,
    policy,
    orgId,
    MCP_REQUESTS_PER_MINUTE,
    now,
    randomUUID(),
  );
  if (!result.allowed) throw new ApiError('TOOL_RATE_LIMITED', { headers: result.headers });
  return result.headers;
}
