import { Redis } from '@upstash/redis';
import { DependencyUnavailable } from '../../platform/runtime/dependency-unavailable';
import type { RedisDriver } from './redis-store';

/** Upstash answered with an error about the command (UpstashError); anything else is an outage. */
function guard<T>(reply: Promise<T>): Promise<T> {
  return reply.catch((error: unknown) => {
    if (error instanceof Error && error.name === 'UpstashError') throw error;
    throw new DependencyUnavailable('store', error);
  });
}

/** Without automatic deserialization the client hands HGETALL back as Redis's flat array. */
function pairs(reply: unknown): Record<string, string> {
  if (!reply) return {};
  if (!Array.isArray(reply)) return reply as Record<string, string>;
  const result: Record<string, string> = {};
  for (let i = 0; i + 1 < reply.length; i += 2) result[String(reply[i])] = String(reply[i + 1]);
  return result;
}

/** RedisDriver over Upstash's REST API. Values stay raw strings: we serialize ourselves. */
export function createUpstashDriver(url: string, token: string): RedisDriver {
  const client = new Redis({
    url,
    token,
    automaticDeserialization: false,
    enableTelemetry: false,
    retry: { retries: 2, backoff: (attempt) => 50 * 2 ** attempt },
  });
  return {
    get: (key) => guard(client.get<string>(key)),
    set: async (key, value, ttlMs) => {
      if (ttlMs && ttlMs > 0) await guard(client.set(key, value, { px: ttlMs }));
      else await guard(client.set(key, value));
    },
    del: (key) => guard(client.del(key)),
    lrange: (key, start, stop) => guard(client.lrange<string>(key, start, stop)),
    hset: async (key, fields) => {
      await guard(client.hset(key, fields));
    },
    hgetall: async (key) => pairs(await guard(client.hgetall(key))),
    pttl: (key) => guard(client.pttl(key)),
    eval: (script, keys, args) => guard(client.eval(script, keys, args)),
    ping: async () => {
      await guard(client.ping());
    },
    quit: async () => {},
  };
}
