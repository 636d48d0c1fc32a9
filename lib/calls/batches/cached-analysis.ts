import type { Executor } from '../../adapters/db';
import { analyzeBatch } from './analyze-batch';
import { stampedCache, type Stamped } from './stamped-cache';

// The analysis of 10,000 calls is ~450 KB of JSON.
const analyses = stampedCache<Stamped>('batch-analysis-cache', 64 * 1024 * 1024);

/**
 * A batch's analysis as JSON. `stamp` is what the caller just read of the batch's calls
 * (`versionStamp` of `analysis_version`): while it is unchanged no call changed in a way the
 * analysis shows, so the last analysis is served again instead of aggregating every call of the
 * batch once more. Checked against the database on every request, so instances sharing one
 * database never serve each other's stale figures.
 */
export async function cachedAnalysisJson(
  db: Executor,
  batchId: string,
  stamp: string,
): Promise<string> {
  const entry = await analyses(batchId, stamp, async () => {
    // The computation's own stamp, read with its figures: what the entry is current for.
    const { analysis, stamp: computedAt } = await analyzeBatch(db, batchId);
    return { stamp: computedAt, json: JSON.stringify(analysis) };
  });
  return entry.json;
}
