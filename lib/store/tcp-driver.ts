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
    eval: (script, keys, args) => client.eval(script, keys.length, ...keys, ...args),
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
