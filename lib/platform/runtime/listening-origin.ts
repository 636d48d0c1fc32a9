import { networkInterfaces } from 'node:os';
import { getConfig } from '../config/config';
import { isLoopbackHost } from './is-loopback-host';
import { singleton } from './singleton';

const WILDCARD = new Set(['0.0.0.0', '::', '']);
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

const bracketed = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * The origins a server bound to `hostname:port` is reached at, the one start-up prints first: a
 * loopback bind answers to every loopback name, a wildcard bind also to each interface address.
 */
export function originsOfBind(
  hostname: string,
  port: number,
  interfaceAddresses: () => string[] = localAddresses,
): string[] {
  const wildcard = WILDCARD.has(hostname);
  const primary = wildcard ? '127.0.0.1' : bracketed(hostname.replace(/^\[|\]$/g, ''));
  const hosts = [primary];
  if (wildcard || isLoopbackHost(primary)) hosts.push(...LOOPBACK_NAMES);
  if (wildcard) hosts.push(...interfaceAddresses().map(bracketed));
  return [...new Set(hosts.map((host) => new URL(`http://${host.toLowerCase()}:${port}`).origin))];
}

function localAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal || entry.family === 'IPv4')
    .map((entry) => entry.address.replace(/%.*$/, ''));
}

const slot = () =>
  singleton('listening-origins', () => ({ origins: undefined as string[] | undefined }));

/** server.ts, once listening: the port the OS gave (PORT=0) is known from here on. */
export function setListening(hostname: string, port: number): void {
  slot().origins = originsOfBind(hostname, port);
}

/**
 * Where this process listens, the printed origin first. Before server.ts has said (a bare
 * `next start`, a unit test): HOSTNAME and PORT from the configuration.
 */
export function listeningOrigins(): string[] {
  const known = slot().origins;
  if (known) return known;
  const config = getConfig();
  return originsOfBind(config.HOSTNAME, config.PORT);
}
