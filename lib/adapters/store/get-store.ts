import { join } from 'node:path';
import type { Config } from '../../platform/config/config';
import { getConfig } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { EmbeddedStore } from './embedded-store';
import { RedisStore } from './redis-store';
import { createTcpDriver, redactRedisUrl } from './tcp-driver';
import type { Store } from './types';
import { createUpstashDriver } from './upstash-driver';

/** Picks the adapter from configuration: Upstash, then TCP Redis, else the embedded store. */
export function createStore(config: Config): Store {
  if (config.UPSTASH_REDIS_REST_URL && config.UPSTASH_REDIS_REST_TOKEN) {
    const driver = createUpstashDriver(
      config.UPSTASH_REDIS_REST_URL,
      config.UPSTASH_REDIS_REST_TOKEN,
    );
    return new RedisStore(
      'upstash',
      `upstash (${new URL(config.UPSTASH_REDIS_REST_URL).host})`,
      driver,
      config.STORE_KEY_PREFIX,
    );
  }
  if (config.REDIS_URL) {
    const description = `redis tcp (${redactRedisUrl(config.REDIS_URL)})`;
    return new RedisStore(
      'tcp',
      description,
      createTcpDriver(config.REDIS_URL),
      config.STORE_KEY_PREFIX,
    );
  }
  return new EmbeddedStore({ file: join(config.DATA_DIR, 'store.json') });
}

export function getStore(): Store {
  return singleton('store', () => createStore(getConfig()));
}
