import { LRUCache } from 'lru-cache';
import type { Executor } from '../db';
import { analyzeBatch } from './analyze-batch';

interface Entry {
  version: number;
  /** The analysis, serialized once: for 10,000 calls it is ~450 KB of JSON. */
  json: string;
}

// Bounded by size (characters of JSON), so a few huge batches cannot hold the memory.
const cache = new LRUCache<string, Entry>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (entry) => entry.json.length,
});
/** Analyses being computed, by batch and version: concurrent misses share one computation. */
const computing = new Map<string, Promise<Entry>>();

/**
 * A batch's analysis as JSON. `version` is the batch's analysis_version the caller just read:
 * while it is unchanged no call changed in a way the analysis shows (a trigger raises it), so the
 * last analysis is served again instead of aggregating every call of the batch once more. The
 * cache is per process and checked against the database on every request, so instances sharing
 * one database never serve each other's stale figures.
 */
export async function cachedAnalysisJson(
  db: Executor,
  batchId: string,
  version: number,
): Promise<string> {
  const cached = cache.get(batchId);
  if (cached?.version === version) return cached.json;
  const key = `${batchId}:${version}`;
  let pending = computing.get(key);
  if (!pending) {
    pending = (async () => {
      try {
        // The version read with the figures: it may already be newer than the caller's, and it
        // is the one the entry is current for.
        const computed = await analyzeBatch(db, batchId);
        const entry = { version: computed.version, json: JSON.stringify(computed.analysis) };
        // A slower computation of an older version must not replace a newer one.
        if ((cache.get(batchId)?.version ?? -1) <= entry.version) cache.set(batchId, entry);
        return entry;
      } finally {
        computing.delete(key);
      }
    })();
    computing.set(key, pending);
  }
  return (await pending).json;
}
