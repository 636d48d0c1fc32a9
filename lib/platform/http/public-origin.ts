import { getConfig } from '../config/config';
import { listeningOrigins } from '../runtime/listening-origin';
import { ApiError } from '../errors/api-error';

/** The two APIs this deployment documents, each at an origin of its own when configured so. */
export type ApiName = 'marketing' | 'voice';

/** host[:port], a name or an IPv4/IPv6 literal: nothing else may follow (no path, no user). */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

const trim = (origin: string) => origin.replace(/\/$/, '');

/**
 * The origin an API is published at, for every link we write (mail, redirects, documents):
 * configured (PUBLIC_API_URL for the voice API, PUBLIC_SITE_URL), else the origin this process
 * listens on. Never the request's Host header: a forged one would put the sender's host in
 * links mailed to someone else.
 */
export function publicOrigin(api: ApiName): string {
  const config = getConfig();
  const configured =
    api === 'marketing'
      ? config.PUBLIC_SITE_URL
      : (config.PUBLIC_API_URL ?? config.PUBLIC_SITE_URL);
  return trim(configured ?? listeningOrigins()[0]!);
}

/** Every origin this deployment answers at: the configured ones first, then where it listens. */
export function ownOrigins(): string[] {
  const config = getConfig();
  const configured = [config.PUBLIC_SITE_URL, config.PUBLIC_API_URL].filter((url): url is string =>
    Boolean(url),
  );
  return [...new Set([...configured.map((url) => new URL(url).origin), ...listeningOrigins()])];
}

/**
 * Which of our own origins a request was addressed to: its Host (X-Forwarded-Host instead when
 * TRUST_PROXY says a proxy in front sets it), matched against `ownOrigins()`. The scheme comes
 * from the matched origin, never from X-Forwarded-Proto. Null for any other host.
 */
export function ownOriginOf(headers: Headers): string | null {
  const forwarded = getConfig().TRUST_PROXY
    ? headers.get('x-forwarded-host')?.split(',')[0]?.trim()
    : undefined;
  const host = (forwarded || headers.get('host') || '').toLowerCase();
  if (!HOST.test(host)) return null;
  for (const origin of ownOrigins()) {
    const own = new URL(origin);
    let asked: string;
    try {
      // Parsed with our scheme: a default port (":80" on http) compares equal to none.
      asked = new URL(`${own.protocol}//${host}`).host;
    } catch {
      return null; // a port past 65535
    }
    if (asked === own.host) return origin;
  }
  return null;
}

/** `ownOriginOf`, or 400 UNKNOWN_HOST: nothing that mails or links is done for another host. */
export function requireOwnOrigin(headers: Headers): string {
  const origin = ownOriginOf(headers);
  if (!origin) throw new ApiError('UNKNOWN_HOST');
  return origin;
}
