import { desc, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';

export interface BatchSummary {
  batch_id: string;
  label: string;
  created_at: string;
  total_calls: number;
  /** Calls that ended (complete or call_error). */
  completed_calls: number;
  error_calls: number;
}

/** The organization's batches, newest first, each with how far its calls have got. */
export async function listBatches(db: Db, orgId: string, limit = 50): Promise<BatchSummary[]> {
  const b = schema.batches;
  const c = schema.calls;
  const rows = await db
    .select({
      id: b.id,
      label: b.label,
      createdAt: b.createdAt,
      total: sql<number>`count(${c.id})::int`,
      ended: sql<number>`count(${c.id}) filter (where ${c.queueStatus} in ('complete', 'call_error'))::int`,
      errors: sql<number>`count(${c.id}) filter (where ${c.queueStatus} = 'call_error')::int`,
    })
    .from(b)
    .leftJoin(c, eq(c.batchId, b.id))
    .where(eq(b.orgId, orgId))
    .groupBy(b.id)
    .orderBy(desc(b.createdAt), desc(b.id))
    .limit(limit);
  return rows.map((row) => ({
    batch_id: row.id,
    label: row.label,
    created_at: row.createdAt.toISOString(),
    total_calls: row.total,
    completed_calls: row.ended,
    error_calls: row.errors,
  }));
}
