import {
  DEL_IF_EQUALS,
  INCR_WITH_TTL,
  LEASE_ACQUIRE,
  LEASE_COUNT,
  LEASE_RELEASE,
  LEASE_RENEW,
  PUSH_CAPPED,
  REPLACE_IF,
  SET_IF_ABSENT,
  SLIDING_WINDOW,
} from './scripts';
import {
  StoreTypeError,
  type LeaseKind,
  type LeaseResult,
  type SetIfAbsentResult,
  type SlidingWindowResult,
  type Store,
  type StoreWrite,
} from './types';

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

  /** A lease key with its task start times and recent task durations beside it. */
  private leaseKeys(key: string): string[] {
    return [this.k(key), this.k(`${key}:starts`), this.k(`${key}:took`)];
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

  /** Extra writes as the Lua scripts expect them: keys travel in KEYS, not in the JSON. */
  private writesArg(also: StoreWrite[]): string {
    return JSON.stringify(
      also.map((write) =>
        write.type === 'hset'
          ? { type: write.type, fields: write.fields }
          : { ...write, key: undefined },
      ),
    );
  }

  async setIfAbsent(
    key: string,
    value: string,
    options: { ttlMs?: number; also?: StoreWrite[] } = {},
  ): Promise<SetIfAbsentResult> {
    const also = options.also ?? [];
    const reply = (await this.driver
      .eval(
        SET_IF_ABSENT,
        [this.k(key), ...also.map((w) => this.k(w.key))],
        [value, String(options.ttlMs ?? 0), this.writesArg(also)],
      )
      .catch(rethrowWrongType(key))) as [number, string];
    return { created: Number(reply[0]) === 1, value: String(reply[1]) };
  }

  async replaceIf(
    key: string,
    expected: string,
    value: string,
    options: { ttlMs?: number; also?: StoreWrite[] } = {},
  ): Promise<{ replaced: boolean; value: string | null }> {
    const also = options.also ?? [];
    const reply = (await this.driver
      .eval(
        REPLACE_IF,
        [this.k(key), ...also.map((w) => this.k(w.key))],
        [expected, value, String(options.ttlMs ?? 0), this.writesArg(also)],
      )
      .catch(rethrowWrongType(key))) as [number, string];
    const replaced = Number(reply[0]) === 1;
    return { replaced, value: replaced || reply[1] !== '' ? String(reply[1]) : null };
  }

  async delIfEquals(key: string, expected: string): Promise<boolean> {
    const reply = await this.driver
      .eval(DEL_IF_EQUALS, [this.k(key)], [expected])
      .catch(rethrowWrongType(key));
    return Number(reply) > 0;
  }

  async slidingWindow(
    key: string,
    options: { limit: number; windowMs: number; now: number; member: string },
  ): Promise<SlidingWindowResult> {
    const reply = (await this.driver
      .eval(
        SLIDING_WINDOW,
        [this.k(key)],
        [String(options.now), String(options.windowMs), String(options.limit), options.member],
      )
      .catch(rethrowWrongType(key))) as [number, number, string];
    return {
      allowed: Number(reply[0]) === 1,
      count: Number(reply[1]),
      resetAt: Number(reply[2]),
    };
  }

  async leaseAcquire(
    key: string,
    options: { token: string; limit: number; ttlMs: number; kind?: LeaseKind },
  ): Promise<LeaseResult> {
    const reply = (await this.driver
      .eval(LEASE_ACQUIRE, this.leaseKeys(key), [
        options.token,
        String(options.limit),
        String(options.ttlMs),
        options.kind ?? 'task',
      ])
      .catch(rethrowWrongType(key))) as [number, number, number];
    return {
      acquired: Number(reply[0]) === 1,
      count: Number(reply[1]),
      retryAfterMs: Number(reply[2]),
    };
  }

  async leaseRelease(key: string, token: string): Promise<boolean> {
    const reply = await this.driver
      .eval(LEASE_RELEASE, this.leaseKeys(key), [token])
      .catch(rethrowWrongType(key));
    return Number(reply) === 1;
  }

  async leaseRenew(key: string, options: { token: string; ttlMs: number }): Promise<boolean> {
    const reply = await this.driver
      .eval(LEASE_RENEW, this.leaseKeys(key).slice(0, 2), [options.token, String(options.ttlMs)])
      .catch(rethrowWrongType(key));
    return Number(reply) === 1;
  }

  async leaseCount(key: string): Promise<number> {
    const reply = await this.driver
      .eval(LEASE_COUNT, [this.k(key)], [])
      .catch(rethrowWrongType(key));
    return Number(reply);
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
