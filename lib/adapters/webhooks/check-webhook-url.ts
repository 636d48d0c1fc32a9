import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type UrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

type Resolver = (host: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 2_000;

const systemResolver: Resolver = async (host) => {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS).unref(),
  );
  const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
  return found.map((entry) => entry.address);
};

function parseAllowList(entries: string[]): [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  return entries.map((entry) =>
    entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : ((addr) =>
          [addr, addr.kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number])(
          ipaddr.parse(entry),
        ),
  );
}

/** Why an address may not receive webhooks, or null when it is public unicast (or allow-listed). */
export function blockedAddressReason(address: string, allowIps: string[]): string | null {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  for (const [range, bits] of parseAllowList(allowIps)) {
    if (range.kind() === parsed.kind() && parsed.match(range, bits)) return null;
  }
  const range = parsed.range();
  return range === 'unicast' ? null : `resolves to a ${range} address (${parsed.toString()})`;
}

/**
 * Checks a receiver URL when it is submitted: http(s) only, and no loopback, private,
 * link-local, multicast or metadata address, written directly, in an odd notation
 * (2130706433, 0177.0.0.1) or behind a name. The sender filters again after DNS resolution at
 * delivery time; a name that does not resolve now is let through to that check.
 */
export async function checkWebhookUrl(
  raw: string,
  allowIps: string[],
  resolve: Resolver = systemResolver,
): Promise<UrlVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be an absolute http(s) URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'must use http or https' };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    // WHATWG URL parsing already turned 2130706433 or 0x7f.1 into dotted form: refuse any
    // address that was not written the ordinary way, then check the address itself.
    const written =
      /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(raw)?.[1] ?? '';
    if (written.replace(/^\[|\]$/g, '').toLowerCase() !== host.toLowerCase()) {
      return { ok: false, reason: `uses an unusual IP address notation (${written})` };
    }
    const blocked = blockedAddressReason(host, allowIps);
    return blocked
      ? { ok: false, reason: `is not allowed: it ${blocked}` }
      : { ok: true, url: url.toString() };
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: true, url: url.toString() };
  }
  for (const address of addresses) {
    const blocked = blockedAddressReason(address, allowIps);
    if (blocked) return { ok: false, reason: `is not allowed: ${host} ${blocked}` };
  }
  return { ok: true, url: url.toString() };
}
