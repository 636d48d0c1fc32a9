import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The real redis-server the suites use; .ci/run starts one and sets TEST_REDIS_URL. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function redisClient(): Redis {
  return new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
}

/** A fresh key prefix so concurrent suites never see each other's keys. */
export function testPrefix(label: string): string {
  return `test:${label}:${randomUUID().slice(0, 8)}:`;
}

/** Deletes every key under `prefix`. */
export async function deletePrefix(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await client.del(...keys);
  } while (cursor !== '0');
}
