import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { isUuid } from '../../platform/http/path-id';
import { batchStampQuery, type StampVersion } from './get-render-stamp';

export type BatchRow = typeof schema.batches.$inferSelect & {
  /**
   * The state of the batch's calls as far as its analysis goes (see analysisStamp); read only
   * when asked for, since it aggregates every call of the batch.
   */
  analysisStamp: string | null;
  /** The same for everything its rendered calls show (any update, any transcript line). */
  renderStamp: string | null;
};

/** One batch of one organization; another organization's batch does not exist (404, not 403). */
export async function getBatchRowOrThrow(
  db: Executor,
  orgId: string,
  batchId: string,
  options: { analysisStamp: boolean; renderStamp: boolean },
): Promise<BatchRow> {
  const notFound = () => new ApiError('NOT_FOUND', { message: 'No batch has this id.' });
  // Anything but a UUID cannot name a batch (and would make Postgres refuse the comparison).
  if (!isUuid(batchId)) throw notFound();
  const b = schema.batches;
  const c = schema.calls;
  const stamp = (version: StampVersion) => sql<string>`(${batchStampQuery(db, version, b.id)})`;
  const [row] = await db
    .select({
      ...getTableColumns(b),
      analysisStamp: options.analysisStamp ? stamp(c.analysisVersion) : sql<null>`null`,
      renderStamp: options.renderStamp ? stamp(c.renderVersion) : sql<null>`null`,
    })
    .from(b)
    .where(and(eq(b.id, batchId.toLowerCase()), eq(b.orgId, orgId)));
  if (!row) throw notFound();
  return row;
}
