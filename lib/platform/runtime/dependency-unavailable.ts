const BRAND = Symbol.for('voiceai.DependencyUnavailable');

export type Dependency = 'store' | 'database';

/**
 * An outside service this process depends on (the Redis store, the Postgres database) did not
 * answer: the request itself may be fine, so lib/platform/http answers 503 with Retry-After, not a 500.
 * Adapters throw it for connection failures only; errors about the command stay as they are.
 */
export class DependencyUnavailable extends Error {
  override name = 'DependencyUnavailable';
  /** server.ts and the Next bundle hold separate copies of this class: test by brand, not instanceof. */
  readonly [BRAND] = true;

  static is(value: unknown): value is DependencyUnavailable {
    return typeof value === 'object' && value !== null && BRAND in value;
  }

  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(`The ${dependency} is unavailable.`, { cause });
  }
}
