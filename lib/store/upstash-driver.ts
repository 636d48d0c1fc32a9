import { Redis } from '@upstash/redis';
import type { RedisDriver } from './redis-store';

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
    get: (key) => client.get<string>(key),
    set: async (key, value, ttlMs) => {
      if (ttlMs && ttlMs > 0) await client.set(key, value, { px: ttlMs });
      else await client.set(key, value);
    },
    del: (key) => client.del(key),
    lrange: (key, start, stop) => client.lrange<string>(key, start, stop),
    hset: async (key, fields) => {
      await client.hset(key, fields);
    },
    hgetall: async (key) => pairs(await client.hgetall(key)),
    pttl: (key) => client.pttl(key),
    eval: (script, keys, args) => client.eval(script, keys, args),
    ping: async () => {
      await client.ping();
    },
    quit: async () => {},
  };
}
