import { LRUCache } from 'lru-cache';
import { singleton } from '../../platform/runtime/singleton';

export interface Stamped {
  /** What the database said of the batch's calls when this was made. */
  stamp: string;
  /** The serialized value (JSON of up to megabytes). */
  json: string;
}

/**
 * A per-process cache of one kind of value per key, current while the caller's stamp (read from
 * the database on every request) equals the entry's; concurrent misses for the same stamp share
 * one computation. Bounded by size, in characters, so a few huge batches cannot hold the memory.
 * One per process (server.ts and Next's bundle load their own copies of this module).
 */
export function stampedCache<E extends Stamped>(name: string, maxChars: number) {
  const state = () =>
    singleton(name, () => ({
      cache: new LRUCache<string, E>({
        maxSize: maxChars,
        sizeCalculation: (entry) => entry.json.length + entry.stamp.length,
      }),
      computing: new Map<string, Promise<E>>(),
    }));
  /** The entry for `key` current at `stamp`, computed (and kept) when there is none. */
  return async (key: string, stamp: string, compute: () => Promise<E>): Promise<E> => {
    const { cache, computing } = state();
    const cached = cache.get(key);
    if (cached?.stamp === stamp) return cached;
    const pendingKey = `${key}:${stamp}`;
    let pending = computing.get(pendingKey);
    if (!pending) {
      pending = compute()
        .then((entry) => {
          // Kept under the stamp the computation read itself: it may be newer than the caller's.
          cache.set(key, entry);
          return entry;
        })
        .finally(() => computing.delete(pendingKey));
      computing.set(pendingKey, pending);
    }
    return pending;
  };
}
