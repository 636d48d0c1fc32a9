import type { Store } from './types';

/**
 * A capped list in the store that stands in for an outside system nobody configured: what would
 * have been sent is kept (newest `max`) so a developer can see it.
 */
export class StoreOutbox<T> {
  readonly description: string;

  constructor(
    private readonly store: Store,
    readonly key: string,
    private readonly max = 1000,
  ) {
    this.description = `outbox (store list "${key}", newest ${max} kept)`;
  }

  async append(entry: T): Promise<void> {
    await this.store.listPush(this.key, [JSON.stringify(entry)], { maxLength: this.max });
  }

  async list(): Promise<T[]> {
    const raw = await this.store.listRange(this.key, 0, -1);
    return raw.map((line) => JSON.parse(line) as T);
  }
}
