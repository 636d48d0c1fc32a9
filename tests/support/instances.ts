import { randomBytes } from 'node:crypto';
import { migratedPostgresUrl } from './databases';
import { ADMIN_TOKEN } from './http';
import { deletePrefix, redisClient, TEST_REDIS_URL } from './redis';
import { startServer, type RunningServer, type StartOptions } from './server';

/**
 * N production servers on one fresh Postgres database and one Redis key prefix, as behind a load
 * balancer. Test-only: the product knows nothing of its siblings, it only shares the stores.
 */
export interface Instances {
  readonly databaseUrl: string;
  /** Every key the instances write starts with this (STORE_KEY_PREFIX). */
  readonly keyPrefix: string;
  /** The environment every instance runs with (ADMIN_TOKEN, the stores, the caller's extras). */
  readonly env: Record<string, string>;
  readonly count: number;
  /** Instance `i` (throws while it is down: a test must not talk to a killed instance by accident). */
  at(i: number): RunningServer;
  /** The base URLs of the instances that are up, in index order. */
  urls(): string[];
  isUp(i: number): boolean;
  /** SIGKILL instance `i`: it dies mid-work, as in a crash. */
  kill(i: number): Promise<void>;
  /** Starts instance `i` again on the same stores and data directory (a new port). */
  restart(i: number): Promise<RunningServer>;
  /** Stops the instances, drops the database and deletes every key under the prefix. */
  dispose(): Promise<void>;
}

export async function startInstances(
  count: number,
  options: StartOptions = {},
): Promise<Instances> {
  const database = await migratedPostgresUrl();
  const keyPrefix = `vai-t-${randomBytes(5).toString('hex')}:`;
  const env = {
    ADMIN_TOKEN,
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    STORE_KEY_PREFIX: keyPrefix,
    ...options.env,
  };
  const start = (dataDir?: string) => startServer({ ...options, env, dataDir });
  // Started together: the migrations run once, under an advisory lock.
  const started = await Promise.allSettled(Array.from({ length: count }, () => start()));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : null)));
    await database.drop();
    throw failed.reason;
  }
  const servers = started.map((s) => (s as PromiseFulfilledResult<RunningServer>).value);
  const up = servers.map(() => true);

  return {
    databaseUrl: database.url,
    keyPrefix,
    env,
    count,
    at(i) {
      if (!up[i]) throw new Error(`instance ${i} is down`);
      return servers[i]!;
    },
    urls: () => servers.filter((_, i) => up[i]).map((s) => s.url),
    isUp: (i) => up[i] ?? false,
    async kill(i) {
      up[i] = false;
      await servers[i]!.kill();
    },
    async restart(i) {
      if (up[i]) throw new Error(`instance ${i} is still up`);
      servers[i] = await start(servers[i]!.dataDir);
      up[i] = true;
      return servers[i];
    },
    async dispose() {
      await Promise.all(servers.map((s, i) => (up[i] ? s.stop() : null)));
      await database.drop();
      const redis = redisClient();
      try {
        await deletePrefix(redis, keyPrefix);
      } finally {
        redis.disconnect();
      }
    },
  };
}
