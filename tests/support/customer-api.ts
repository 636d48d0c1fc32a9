import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  query: URLSearchParams;
}

export type CustomerApi = Awaited<ReturnType<typeof startCustomerApi>>;

/**
 * The customer's API that call tools reach: a real HTTP server on loopback (the voice server must
 * allow it with WEBHOOK_ALLOW_IPS=127.0.0.1) recording every request; `/broken` answers 500,
 * any other path a booking.
 */
export async function startCustomerApi() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      received.push({
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        body,
        query: url.searchParams,
      });
      if (url.pathname === '/broken') {
        res.statusCode = 500;
        return res.end('{"error":"down"}');
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ booked: true, slot: 'Tuesday 2pm', path: url.pathname }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
