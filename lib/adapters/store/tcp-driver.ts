import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { DependencyUnavailable } from '../../platform/runtime/dependency-unavailable';
import type { RedisDriver } from './redis-store';

/** A command that did not get an answer (the server is down, frozen or unreachable). */
export const COMMAND_TIMEOUT_MS = 2_000;

/**
 * Redis answered with an error (WRONGTYPE, NOSCRIPT, ...): that is about the command. Anything
 * else (refused, reset, timed out, retries used up) means the store is unavailable.
 */
function storeError(error: unknown): unknown {
  if (error instanceof Error && error.name === 'ReplyError') return error;
  return new DependencyUnavailable('store', error);
}

/** RedisDriver over a TCP connection (ioredis). */
export function createTcpDriver(url: string): RedisDriver {
  const client = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    // Reconnect at least every 500 ms (ioredis's default backs off to 2 s): a command issued
    // while Redis is down waits for two attempts, so an outage answers 503 within about a second
    // and the server is back within half a second of Redis.
    retryStrategy: (attempt) => Math.min(attempt * 50, 500),
    connectTimeout: 5_000,
    // Without it a frozen server (no reset, no answer) would hold every request forever.
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  const shas = new Map<string, string>();
  const sha1 = (script: string) => {
    let sha = shas.get(script);
    if (!sha) shas.set(script, (sha = createHash('sha1').update(script).digest('hex')));
    return sha;
  };
  // Connection errors surface on the failing command; the event only needs a listener.
  client.on('error', () => {});
  const corked = writeBatcher(client);
  const batched = <T>(send: () => Promise<T>): Promise<T> =>
    corked(send).catch((error: unknown) => {
      throw storeError(error);
    });
  return {
    get: (key) => batched(() => client.get(key)),
    set: async (key, value, ttlMs) => {
      if (ttlMs && ttlMs > 0) await batched(() => client.set(key, value, 'PX', ttlMs));
      else await batched(() => client.set(key, value));
    },
    del: (key) => batched(() => client.del(key)),
    lrange: (key, start, stop) => batched(() => client.lrange(key, start, stop)),
    hset: async (key, fields) => {
      await batched(() => client.hset(key, fields));
    },
    hgetall: (key) => batched(() => client.hgetall(key)),
    pttl: (key) => batched(() => client.pttl(key)),
    // EVALSHA spares sending (and the server hashing) the script body on every call; a server
    // that has not seen the script yet (first call, restart, SCRIPT FLUSH) answers NOSCRIPT,
    // and EVAL runs it and caches it there.
    eval: async (script, keys, args) => {
      try {
        return await batched(() => client.evalsha(sha1(script), keys.length, ...keys, ...args));
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
        return batched(() => client.eval(script, keys.length, ...keys, ...args));
      }
    },
    ping: async () => {
      await client.ping().catch((error: unknown) => {
        throw storeError(error);
      });
    },
    quit: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

// Commands written per system call at most: small enough that the server starts on the first
// ones while we are still sending the rest (both sides stay busy), large enough to save most
// calls. 8 measured best in `npm run bench:slots` (1: 41k, 4: 50k, 8: 50–66k, 32: 42k round
// trips/s).
const FLUSH_EVERY = 8;

/**
 * ioredis writes each command to its socket as it is issued: one system call per command. This
 * corks the socket for the rest of the turn of the event loop (replies of one read resolve their
 * callers, who send their next commands at once), so those commands leave FLUSH_EVERY at a time.
 */
function writeBatcher(client: Redis) {
  let corked: Writable | undefined;
  let queued = 0;
  const flush = () => {
    const socket = corked;
    corked = undefined;
    queued = 0;
    socket?.uncork();
  };
  return <T>(send: () => Promise<T>): Promise<T> => {
    if (!corked && client.status === 'ready') {
      corked = client.stream;
      corked.cork();
      process.nextTick(flush);
    }
    const reply = send();
    if (corked && ++queued >= FLUSH_EVERY) flush();
    return reply;
  };
}

/** The URL without its password, for logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://(unparseable url)';
  }
}
