import { localhostAllowedOrigins, validateOriginHeader } from '@modelcontextprotocol/server';
import { ApiError } from '../../platform/errors/api-error';

/**
 * Browsers send Origin; a page elsewhere (or a DNS-rebound one) must not drive the tool server
 * with a user's credentials. Ours are the configured public hosts, or loopback when none is
 * configured, plus MCP_ALLOWED_ORIGINS. No Origin (every non-browser client) passes. The Host
 * header is deliberately not checked: behind a proxy it names the proxy's host.
 */
export function checkOrigin(
  origin: string | null,
  config: { publicUrls: (string | undefined)[]; allowed: string[] },
): void {
  const configured = config.publicUrls.filter((url): url is string => Boolean(url));
  const ours =
    configured.length > 0
      ? configured.map((url) => new URL(url).hostname)
      : localhostAllowedOrigins();
  const verdict = validateOriginHeader(origin, [...ours, ...config.allowed]);
  if (!verdict.ok) {
    throw new ApiError('ORIGIN_NOT_ALLOWED', {
      message: `Requests from the origin ${origin ?? ''} are not allowed.`,
    });
  }
}
