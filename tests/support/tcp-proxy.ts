import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP forwarder to a real server that a test can cut and restore (cut closes every open
 * connection and refuses new ones, as a database host going away does), or freeze and thaw
 * (connections stay open and nothing moves either way, as a hung host).
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  /** Client sides of open connections, each with its upstream. */
  const pairs = new Map<Socket, Socket>();
  let server: Server | undefined;
  let port = 0;
  /** While frozen: connections accepted meanwhile, to be forwarded once thawed. */
  let frozen: (() => void)[] | undefined;
  const forward = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    pairs.set(client, upstream);
    client.on('close', () => pairs.delete(client));
    client.pipe(upstream).pipe(client);
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        if (frozen) {
          client.pause();
          frozen.push(() => forward(client));
        } else forward(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    restore: listen,
    /** Nothing moves on open connections, new ones are accepted and left waiting. */
    freeze(): void {
      frozen ??= [];
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    /** Everything held moves on, in order, and new connections are forwarded again. */
    thaw(): void {
      const waiting = frozen ?? [];
      frozen = undefined;
      for (const [client, upstream] of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
      for (const start of waiting) start();
    },
    /**
     * Every connection open now is dropped when the application next writes on it (its next
     * statement), as a server that went away while a connection sat in a pool: the connection
     * looks fine until it is used.
     */
    dropOnNextWrite(): void {
      for (const [client, upstream] of pairs) {
        client.prependOnceListener('data', () => {
          client.unpipe(upstream);
          client.destroy();
          upstream.destroy();
        });
      }
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) =>
        server?.listening ? server.close(() => resolve()) : resolve(),
      );
    },
  };
}
