import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './redis';

/** Suites that need Redis fail loudly when it is missing; they are never skipped. */
export default async function requireRedis(): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, {
    maxRetriesPerRequest: 0,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(
      `These tests need a real redis-server at ${TEST_REDIS_URL} (set TEST_REDIS_URL, or run .ci/run which starts one): ${(error as Error).message}`,
    );
  } finally {
    client.disconnect();
  }
}
