import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback reverse proxy that adds headers to every request (the MCP conformance runner cannot
 * send an Authorization header). Everything else, Host and Origin included, passes unchanged.
 */
export async function startHeaderProxy(
  target: string,
  headers: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    const upstream = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: { ...incoming.headers, ...headers } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
