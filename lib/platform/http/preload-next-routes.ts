// Next loads every route's modules after `prepare()` in the background (`preloadEntriesOnStart`),
// ~3 s of CPU here, and the proxy's (proxy.ts: better-auth and the database, ~0.3 s) inside the
// first request: a server that said `ready` meanwhile stalled its first requests' event loop (20
// calls starting at once saw it as their busiest second). next.config.ts turns that preload off
// and server.ts awaits this before `ready`. Next has no public hook for either: the custom
// server's inner NextNodeServer holds them, so the shape is checked and a missing one is skipped.
interface Preloadable {
  unstable_preloadEntries(): Promise<void>;
  getMiddleware?(): Promise<unknown>;
}
interface Wrapper {
  getServer(): Promise<unknown>;
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined;

/** Loads every page, route and proxy module of the build; false when this Next has no such hook. */
export async function preloadNextRoutes(app: unknown): Promise<boolean> {
  const wrapper = field(app, 'server');
  if (typeof field(wrapper, 'getServer') !== 'function') return false;
  const inner = await (wrapper as Wrapper).getServer();
  if (typeof field(inner, 'unstable_preloadEntries') !== 'function') return false;
  await (inner as Preloadable).unstable_preloadEntries();
  await (inner as Preloadable).getMiddleware?.();
  return true;
}
