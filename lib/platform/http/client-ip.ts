import type { IncomingMessage } from 'node:http';

const SPOOFABLE = [
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'x-vercel-forwarded-for',
  'cf-connecting-ip',
  // Where the client says it came from: only a trusted proxy may say (see ownOriginOf).
  'x-forwarded-host',
  'x-forwarded-proto',
];

/**
 * Makes X-Forwarded-For trustworthy before Next sees the request: behind a trusted proxy it is
 * kept as sent; otherwise anything the client sent is replaced by the socket address (and the
 * client's X-Forwarded-Host and -Proto are dropped).
 */
export function pinClientIp(request: IncomingMessage, trustProxy: boolean): void {
  if (trustProxy) return;
  for (const header of SPOOFABLE) delete request.headers[header];
  request.headers['x-forwarded-for'] = request.socket.remoteAddress ?? 'unknown';
}

/** The caller's IP as route code sees it: the first X-Forwarded-For hop. */
export function clientIp(headers: Headers): string {
  const first = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return first || 'unknown';
}
