import { INCR_WITH_TTL, PUSH_CAPPED, SET_IF_ABSENT } from './scripts';
import { StoreTypeError, type SetIfAbsentResult, type Store, type StoreWrite } from './types';

/** The few Redis commands the store needs; one driver per client library. */
export interface RedisDriver {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(key: string): Promise<number>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  hset(key: string, fields: Record<string, string>): Promise<void>;
  hgetall(key: string): Promise<Record<string, string>>;
  pttl(key: string): Promise<number>;
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
  ping(): Promise<void>;
  quit(): Promise<void>;
}

function rethrowWrongType(key: string) {
  return (error: unknown): never => {
    if (error instanceof Error && error.message.includes('WRONGTYPE'))
      throw new StoreTypeError(key);
    throw error;
  };
}

/** The store port over Redis; atomic operations are single Lua scripts. */
export class RedisStore implements Store {
  constructor(
    readonly kind: 'tcp' | 'upstash',
    readonly description: string,
    private readonly driver: RedisDriver,
    private readonly prefix = '',
  ) {}

  private k(key: string): string {
    return this.prefix + key;
  }

  get(key: string): Promise<string | null> {
    return this.driver.get(this.k(key)).catch(rethrowWrongType(key));
  }

  set(key: string, value: string, options: { ttlMs?: number } = {}): Promise<void> {
    return this.driver.set(this.k(key), value, options.ttlMs);
  }

  async del(key: string): Promise<boolean> {
    return (await this.driver.del(this.k(key))) > 0;
  }

  async setIfAbsent(
    key: string,
    value: string,
    options: { ttlMs?: number; also?: StoreWrite[] } = {},
  ): Promise<SetIfAbsentResult> {
    const also = options.also ?? [];
    const writes = also.map((write) =>
      write.type === 'hset'
        ? { type: write.type, fields: write.fields }
        : { ...write, key: undefined },
    );
    const reply = (await this.driver
      .eval(
        SET_IF_ABSENT,
        [this.k(key), ...also.map((w) => this.k(w.key))],
        [value, String(options.ttlMs ?? 0), JSON.stringify(writes)],
      )
      .catch(rethrowWrongType(key))) as [number, string];
    return { created: Number(reply[0]) === 1, value: String(reply[1]) };
  }

  async incr(key: string, options: { by?: number; ttlMs?: number } = {}): Promise<number> {
    const reply = await this.driver
      .eval(INCR_WITH_TTL, [this.k(key)], [String(options.by ?? 1), String(options.ttlMs ?? 0)])
      .catch(rethrowWrongType(key));
    return Number(reply);
  }

  async listPush(
    key: string,
    values: string[],
    options: { maxLength?: number } = {},
  ): Promise<number> {
    if (values.length === 0) return (await this.listRange(key, 0, -1)).length;
    const reply = await this.driver
      .eval(PUSH_CAPPED, [this.k(key)], [String(options.maxLength ?? 0), ...values])
      .catch(rethrowWrongType(key));
    return Number(reply);
  }

  listRange(key: string, start: number, stop: number): Promise<string[]> {
    return this.driver.lrange(this.k(key), start, stop).catch(rethrowWrongType(key));
  }

  hashSet(key: string, fields: Record<string, string>): Promise<void> {
    if (Object.keys(fields).length === 0) return Promise.resolve();
    return this.driver.hset(this.k(key), fields).catch(rethrowWrongType(key));
  }

  hashGetAll(key: string): Promise<Record<string, string>> {
    return this.driver.hgetall(this.k(key)).catch(rethrowWrongType(key));
  }

  ttl(key: string): Promise<number> {
    return this.driver.pttl(this.k(key));
  }

  ping(): Promise<void> {
    return this.driver.ping();
  }

  close(): Promise<void> {
    return this.driver.quit();
  }
}
