import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '../db';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/path-id';

export type BatchRow = typeof schema.batches.$inferSelect;

/** One batch of one organization; another organization's batch does not exist (404, not 403). */
export async function getBatchRowOrThrow(
  db: Executor,
  orgId: string,
  batchId: string,
): Promise<BatchRow> {
  const notFound = () => new ApiError('NOT_FOUND', { message: 'No batch has this id.' });
  // Anything but a UUID cannot name a batch (and would make Postgres refuse the comparison).
  if (!isUuid(batchId)) throw notFound();
  const [row] = await db
    .select()
    .from(schema.batches)
    .where(and(eq(schema.batches.id, batchId.toLowerCase()), eq(schema.batches.orgId, orgId)));
  if (!row) throw notFound();
  return row;
}
