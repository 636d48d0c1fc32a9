import { LRUCache } from 'lru-cache';
import type { Executor } from '../db';
import { singleton } from '../runtime/singleton';
import { analyzeBatch } from './analyze-batch';

interface Entry {
  stamp: string;
  /** The analysis, serialized once: for 10,000 calls it is ~450 KB of JSON. */
  json: string;
}

// One per process (server.ts and Next's bundle load their own copies of this module). Bounded by
// size, in characters of JSON, so a few huge batches cannot hold the memory; `computing` holds the
// analyses under way, by batch and stamp, so concurrent misses share one computation.
const state = () =>
  singleton('batch-analysis-cache', () => ({
    cache: new LRUCache<string, Entry>({
      maxSize: 64 * 1024 * 1024,
      sizeCalculation: (entry) => entry.json.length + entry.stamp.length,
    }),
    computing: new Map<string, Promise<Entry>>(),
  }));

/**
 * A batch's analysis as JSON. `stamp` is what the caller just read of the batch's calls
 * (`analysisStamp`): while it is unchanged no call changed in a way the analysis shows, so the
 * last analysis is served again instead of aggregating every call of the batch once more. The
 * cache is per process and checked against the database on every request, so instances sharing
 * one database never serve each other's stale figures.
 */
export async function cachedAnalysisJson(
  db: Executor,
  batchId: string,
  stamp: string,
): Promise<string> {
  const { cache, computing } = state();
  const cached = cache.get(batchId);
  if (cached?.stamp === stamp) return cached.json;
  const key = `${batchId}:${stamp}`;
  let pending = computing.get(key);
  if (!pending) {
    pending = (async () => {
      try {
        // The computation's own stamp, read with its figures: it may already be newer than the
        // caller's, and it is what the entry is current for.
        const { analysis, stamp: computedAt } = await analyzeBatch(db, batchId);
        const entry = { stamp: computedAt, json: JSON.stringify(analysis) };
        cache.set(batchId, entry);
        return entry;
      } finally {
        computing.delete(key);
      }
    })();
    computing.set(key, pending);
  }
  return (await pending).json;
}
