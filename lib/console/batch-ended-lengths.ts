import { and, eq, inArray, sql } from 'drizzle-orm';
import { callLengthBuckets } from '@/schemas/batches';
import { BUCKET_STARTS_MS } from '../calls';
import { schema, type Executor } from '../adapters/db';

const c = schema.calls;

/** The lengths of a batch's calls that have ended: what the console's histogram shows. */
export interface EndedLengths {
  ended: number;
  /** Seconds, over the ended calls (0 when none has ended). */
  average: number;
  /** Seconds, over the ended calls that connected (1 s of audio or more). */
  averageConnected: number;
  /** Calls per range of callLengthBuckets, in its order. */
  buckets: { name: (typeof callLengthBuckets)[number]; count: number }[];
}

/**
 * The histogram of a batch's ended calls. GET /batch counts every call in its summary, running
 * ones too, whose length is still growing: while a batch runs they fill the first range and pull
 * the average to zero, so the console counts only the calls that have ended.
 */
export async function batchEndedLengths(db: Executor, batchId: string): Promise<EndedLengths> {
  const inRange = (i: number) => {
    const from = BUCKET_STARTS_MS[i]!;
    const to = BUCKET_STARTS_MS[i + 1];
    return to === undefined
      ? sql`${c.durationMs} >= ${from}`
      : sql`${c.durationMs} >= ${from} and ${c.durationMs} < ${to}`;
  };
  const [row] = await db
    .select({
      ended: sql<number>`count(*)::int`,
      average: sql<number>`coalesce(avg(${c.durationMs}) / 1000, 0)::float8`,
      averageConnected: sql<number>`coalesce(avg(${c.durationMs}) filter (where ${c.durationMs} >= 1000) / 1000, 0)::float8`,
      counts: sql<number[]>`array[${sql.join(
        callLengthBuckets.map((_, i) => sql`(count(*) filter (where ${inRange(i)}))::int`),
        sql`, `,
      )}]`,
    })
    .from(c)
    .where(and(eq(c.batchId, batchId), inArray(c.queueStatus, ['complete', 'call_error'])));
  return {
    ended: row?.ended ?? 0,
    average: row?.average ?? 0,
    averageConnected: row?.averageConnected ?? 0,
    buckets: callLengthBuckets.map((name, i) => ({ name, count: row?.counts[i] ?? 0 })),
  };
}
