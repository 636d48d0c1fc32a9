import ipaddr from 'ipaddr.js';

/** A host name or IP literal (IPv6 with or without brackets) that only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}
