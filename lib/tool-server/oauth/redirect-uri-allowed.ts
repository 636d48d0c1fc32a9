/** Loopback IP literals whose redirect port a native app picks at run time (RFC 8252 §7.3). */
const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/** The URI without its port when it is an http loopback-IP redirect, else undefined. */
function withoutLoopbackPort(uri: string): string | undefined {
  const parsed = URL.parse(uri);
  if (!parsed || parsed.protocol !== 'http:' || !LOOPBACK_IPS.has(parsed.hostname))
    return undefined;
  parsed.port = '';
  return parsed.href;
}

/**
 * Is `value` one of the client's redirect URIs? Exact string comparison, except that for
 * `http://127.0.0.1` and `http://[::1]` the port is not compared (RFC 8252 §7.3), whatever the
 * client's application_type and however it was registered (DCR or a metadata document).
 * `localhost` stays exact: the RFC advises against it, as it may resolve elsewhere.
 */
export function redirectUriAllowed(value: string, registered: readonly string[]): boolean {
  if (registered.includes(value)) return true;
  const bare = withoutLoopbackPort(value);
  return bare !== undefined && registered.some((uri) => withoutLoopbackPort(uri) === bare);
}
