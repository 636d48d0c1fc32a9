// Production entry point: Next's request handler plus the WebSocket endpoints we own.
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import next from 'next';
import { WebSocketServer } from 'ws';
import { ConfigError, getConfig, type Config } from './lib/platform/config/config';
import { startCallScheduler, type Scheduler } from './lib/calls/call-scheduler';
import { getCallDeps, getConversationDeps } from './lib/composition/root';
import { getDatabase } from './lib/adapters/db';
import { backgroundJobs, registerJobs, startJobs, stopJobs } from './lib/composition/jobs';
import { describePorts } from './lib/composition/health/describe-ports';
import { pinClientIp } from './lib/platform/http/client-ip';
import { handleOAuthRequest, isOAuthPath } from './lib/tool-server/oauth/handle-oauth-request';
import { answerBeforeNext } from './lib/platform/http/answer-before-next';
import { preloadNextRoutes } from './lib/platform/http/preload-next-routes';
import { listeningOrigins, setListening } from './lib/platform/runtime/listening-origin';
import { getStore } from './lib/adapters/store';
import { UpgradeRefused, webSocketRoutes } from './lib/composition/ws-routes';

const SHUTDOWN_GRACE_MS = 10_000;

function loadConfig(): Config {
  try {
    return getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  const config = loadConfig();
  for (const [port, description] of Object.entries(describePorts()))
    console.info(`${port}: ${description}`);
  // Migrations are applied before anything is served; a database that cannot be reached stops start-up.
  try {
    await getDatabase().ready();
  } catch (error) {
    // drizzle wraps the driver's error: its own message names the query, the cause says why.
    const cause = (error as { cause?: unknown }).cause;
    const why = cause instanceof Error ? ` (${cause.message})` : '';
    console.error(`database: cannot start: ${(error as Error).message}${why}`);
    process.exit(1);
  }
  let scheduler: Scheduler | undefined;

  type RequestHandler = ReturnType<ReturnType<typeof next>['getRequestHandler']>;
  const nextApp: {
    handle?: RequestHandler;
    selfOrigin?: string;
    /** Route files served without Next's pipeline, by path (loaded once Next has set up). */
    direct?: Record<string, (request: IncomingMessage, response: ServerResponse) => Promise<void>>;
  } = {};
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const handle = nextApp.handle;
    if (!handle) {
      response.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'text/plain' }).end('starting');
      return;
    }
    const early = answerBeforeNext(request, nextApp.selfOrigin!);
    if (early) {
      request.resume();
      void early.then(({ status, headers, body }) => response.writeHead(status, headers).end(body));
      return;
    }
    pinClientIp(request, config.TRUST_PROXY);
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    // The OAuth authorization server (oidc-provider, a Node handler) is mounted beside Next.
    if (isOAuthPath(path)) {
      void handleOAuthRequest(request, response, config);
      return;
    }
    const direct = nextApp.direct?.[path];
    if (direct) {
      void direct(request, response);
      return;
    }
    void handle(request, response);
  });
  // Idle keep-alive sockets outlive those of a proxy in front (load balancers and Prism keep theirs
  // ~60 s): at Node's 5 s default a proxy reusing a socket we had just closed got a reset.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // CONNECT never reaches the request listener: Node hands over the socket.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    void answerBeforeNext(request, nextApp.selfOrigin!)!.then(({ status, headers, body }) =>
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
          Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      ),
    );
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  // Next attaches its own 'upgrade' listener (dev HMR) to the server it is given, and ends any
  // upgrade whose path matches an app route (our /v2 catch-all) before our asynchronous key
  // check is done. It gets a stand-in server that never listens: only upgrades that are not ours
  // are passed on to it.
  const nextUpgrades = createServer();
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const endpoint = webSocketRoutes[path];
    if (endpoint) {
      pinClientIp(request, config.TRUST_PROXY);
      endpoint(request).then(
        (accept) => wss.handleUpgrade(request, socket, head, accept),
        (error: unknown) => {
          const status = error instanceof UpgradeRefused ? error.status : 500;
          if (status === 500) console.error(`upgrade ${path} failed:`, error);
          const body = JSON.stringify({ error: (error as Error).message });
          socket.end(
            `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
              `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
              (status === 401 ? 'WWW-Authenticate: Bearer\r\n' : '') +
              Object.entries(error instanceof UpgradeRefused ? error.headers : {})
                .map(([name, value]) => `${name}: ${value}\r\n`)
                .join('') +
              `\r\n${body}`,
          );
        },
      );
      return;
    }
    // Not ours: Next's own listener (dev HMR) takes it; when there is none, refuse it cleanly.
    if (nextUpgrades.listenerCount('upgrade') > 0) {
      nextUpgrades.emit('upgrade', request, socket, head);
    } else {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  });

  // Handlers go in before `ready` is printed: a supervisor may signal as soon as it reads it.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    for (const client of wss.clients) client.close(1001, 'server shutting down');
    server.close(() => {
      void Promise.all([scheduler?.stop(), stopJobs()])
        .then(() => getDatabase().close())
        .catch((error: unknown) => console.error('database close failed:', error))
        .then(() => getStore().close())
        .catch((error: unknown) => console.error('store flush failed:', error))
        .finally(() => {
          console.info('stopped');
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Listen first: with PORT=0 the OS picks the port, and Next must be told the real one.
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOSTNAME, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const bound = typeof address === 'object' && address ? address.address : config.HOSTNAME;
  nextApp.selfOrigin = `http://${selfHost(bound)}:${port}`;
  // Links in mail and redirects use this when PUBLIC_SITE_URL is unset, never a request's Host.
  setListening(config.HOSTNAME, port);
  const app = next({ dev, hostname: config.HOSTNAME, port, httpServer: nextUpgrades });
  await app.prepare();
  if (!dev && !config.PRELOAD_ROUTES)
    console.info('next: route modules load on first use (PRELOAD_ROUTES=false)');
  else if (!dev)
    console.info(
      (await preloadNextRoutes(app))
        ? 'next: route and proxy modules loaded at start-up'
        : 'next: route modules load on first use (this Next has no preload hook)',
    );
  // Route modules read Next's request storage when they load, which exists once Next is prepared.
  const { serveRouteDirectly } = await import('./lib/platform/http/serve-route-directly');
  const toolServerRoute = await import('./app/v1/mcp/route');
  const callsRoute = await import('./app/v1/calls/route');
  const carrierStatusRoute = await import('./app/v1/telephony/twilio/status/route');
  // The hottest API routes without Next's pipeline: agents call the tool server many times a
  // turn, and dialers place calls as fast as they are let. The carrier's status callbacks come
  // several times a call; through Next, the first one also loaded the route's modules on the
  // event loop (~100 ms, as the first calls started), now loaded here before `ready`.
  nextApp.direct = {
    '/v1/mcp': (request, response) => serveRouteDirectly(toolServerRoute, request, response),
    '/v1/calls': (request, response) => serveRouteDirectly(callsRoute, request, response),
    '/v1/telephony/twilio/status': (request, response) =>
      serveRouteDirectly(carrierStatusRoute, request, response),
  };
  nextApp.handle = app.getRequestHandler();
  if (config.CALL_SCHEDULER && !stopping) {
    scheduler = startCallScheduler(await getCallDeps());
    // Webhook deliveries, auto top-ups and speech refunds: pg-boss workers on the same database.
    // Not awaited: `ready` does not wait for its first start (it creates its schema); a SIGTERM
    // meanwhile waits for it in stopJobs.
    registerJobs(...backgroundJobs);
    startJobs(getDatabase()).catch((error: unknown) =>
      console.error(`jobs: the queue did not start: ${(error as Error).message}`),
    );
  }
  // Real calls: the VAD model loads and the speech workers start (each compiles eSpeak's
  // WebAssembly) now, not in one burst beside the event loop as the first calls start.
  const conversation = await getConversationDeps();
  await conversation?.speech.warmUp?.().catch((error: unknown) =>
    // Not fatal here: the site and the APIs still serve; each call's speech reports the failure.
    console.error(`speech: the engine did not start: ${(error as Error).message}`),
  );
  console.info(`ready: ${listeningOrigins()[0]} (${dev ? 'development' : 'production'})`);
}

/** Where this process can reach itself: a wildcard bind is reached on loopback. */
function selfHost(bound: string): string {
  if (bound === '0.0.0.0' || bound === '') return '127.0.0.1';
  if (bound === '::') return '[::1]';
  return bound.includes(':') ? `[${bound}]` : bound;
}

void main();
