import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisDriver } from './redis-store';

/** RedisDriver over a TCP connection (ioredis). */
export function createTcpDriver(url: string): RedisDriver {
  const client = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
  });
  const shas = new Map<string, string>();
  const sha1 = (script: string) => {
    let sha = shas.get(script);
    if (!sha) shas.set(script, (sha = createHash('sha1').update(script).digest('hex')));
    return sha;
  };
  // Connection errors surface on the failing command; the event only needs a listener.
  client.on('error', () => {});
  return {
    get: (key) => client.get(key),
    set: async (key, value, ttlMs) => {
      if (ttlMs && ttlMs > 0) await client.set(key, value, 'PX', ttlMs);
      else await client.set(key, value);
    },
    del: (key) => client.del(key),
    lrange: (key, start, stop) => client.lrange(key, start, stop),
    hset: async (key, fields) => {
      await client.hset(key, fields);
    },
    hgetall: (key) => client.hgetall(key),
    pttl: (key) => client.pttl(key),
    // EVALSHA spares sending (and the server hashing) the script body on every call; a server
    // that has not seen the script yet (first call, restart, SCRIPT FLUSH) answers NOSCRIPT,
    // and EVAL runs it and caches it there.
    eval: async (script, keys, args) => {
      try {
        return await client.evalsha(sha1(script), keys.length, ...keys, ...args);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
        return client.eval(script, keys.length, ...keys, ...args);
      }
    },
    ping: async () => {
      await client.ping();
    },
    quit: async () => {
      await client.quit().catch(() => client.disconnect());
    },
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
