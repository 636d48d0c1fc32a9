import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { versionStamp } from './analyze-batch';

const c = schema.calls;
export type StampVersion = typeof c.analysisVersion | typeof c.renderVersion;

/**
 * The query for a batch's stamp over one version column: run on its own, or as a subquery
 * correlated with the batch row (`batchId` then the batches.id column).
 */
export function batchStampQuery(
  db: Executor,
  version: StampVersion,
  batchId: string | typeof schema.batches.id,
) {
  return db
    .select({ stamp: versionStamp(version) })
    .from(c)
    .where(eq(c.batchId, batchId));
}

/** The render stamp of a batch's calls on its own (see getBatchRowOrThrow's `renderStamp`). */
export async function getRenderStamp(db: Executor, batchId: string): Promise<string> {
  const [row] = await batchStampQuery(db, c.renderVersion, batchId);
  return row!.stamp;
}
