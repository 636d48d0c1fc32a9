import { setupServer } from 'msw/node';

type Handlers = Parameters<typeof setupServer>;

const servers = new Set<ReturnType<typeof setupServer>>();

/** msw's node server for a test file; the shared setup resets its handlers after every test. */
export function mswServer(...handlers: Handlers): ReturnType<typeof setupServer> {
  const server = setupServer(...handlers);
  servers.add(server);
  return server;
}

/** Back to each server's initial handlers (what a test added with `use` is dropped). */
export function resetMswHandlers(): void {
  for (const server of servers) server.resetHandlers();
}
