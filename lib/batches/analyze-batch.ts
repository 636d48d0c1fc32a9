import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { callLengthBuckets, type BatchAnalysisBody } from '@/schemas/batches';
import { schema, type Executor } from '../db';

const c = schema.calls;

/** Lower bounds of the summary ranges in milliseconds, in the order of callLengthBuckets. */
const BUCKET_STARTS_MS = [0, 5, 10, 15, 20, 30, 45, 60, 90, 120].map((s) => s * 1000);

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})::int`;

/** The host of an endpoint URL (`sandbox://simulated-line` → `simulated-line`), else the URL. */
const endpointHost = sql<string>`coalesce(substring(${c.endpointUrl} from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)'), ${c.endpointUrl})`;

/**
 * The analysis of GET /batch, computed by the database: counts, averages and length ranges are
 * aggregates over the batch's calls; only the per-call arrays (ids, lengths, errors) are
 * built, as JSON, in the same query. Lengths are of the real audio (duration_ms).
 */
export async function analyzeBatch(db: Executor, batchId: string): Promise<BatchAnalysisBody> {
  // json_build_object('0-5', count(*) filter (where …), …): every range, counted in one pass.
  const summary = sql<BatchAnalysisBody['call_lengths']['summary']>`json_build_object(${sql.join(
    callLengthBuckets.map((name, i) => {
      const from = BUCKET_STARTS_MS[i]!;
      const to = BUCKET_STARTS_MS[i + 1];
      const inRange =
        to === undefined
          ? sql`${c.durationMs} >= ${from}`
          : sql`${c.durationMs} >= ${from} and ${c.durationMs} < ${to}`;
      return sql`${name}::text, ${countWhere(inRange)}`;
    }),
    sql`, `,
  )})`;
  const order = sql`${c.createdAt}, ${c.id}`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      complete: countWhere(sql`${c.queueStatus} = 'complete'`),
      started: countWhere(sql`${c.queueStatus} = 'started'`),
      queued: countWhere(sql`${c.queueStatus} = 'queued'`),
      callError: countWhere(sql`${c.queueStatus} = 'call_error'`),
      average: sql<number>`coalesce(round(avg(${c.durationMs}) / 1000, 3), 0)::float8`,
      averageNonzero: sql<number>`coalesce(round(avg(${c.durationMs}) filter (where ${c.durationMs} >= 1000) / 1000, 3), 0)::float8`,
      summary,
      all: sql<
        number[]
      >`coalesce(json_agg(${c.durationMs}::float8 / 1000 order by ${order}), '[]')`,
      callIds: sql<string[]>`coalesce(json_agg(${c.id} order by ${order}), '[]')`,
      errors: sql<
        { call_id: string; error_message: string }[]
      >`coalesce(json_agg(json_build_object('call_id', ${c.id}, 'error_message', ${c.errorMessage}) order by ${order}) filter (where ${c.errorMessage} is not null), '[]')`,
    })
    .from(c)
    .where(eq(c.batchId, batchId));
  const endpoints = await db
    .select({ host: endpointHost, calls: sql<number>`count(*)::int` })
    .from(c)
    .where(eq(c.batchId, batchId))
    .groupBy(endpointHost)
    .orderBy(asc(endpointHost));

  const r = row!;
  const completed = r.complete + r.callError;
  return {
    total_calls: r.total,
    completed_calls: completed,
    in_progress_calls: r.total - completed,
    queue_statuses: {
      complete: r.complete,
      started: r.started,
      queued: r.queued,
      call_error: r.callError,
    },
    call_lengths: {
      average: r.average,
      average_nonzero: r.averageNonzero,
      summary: r.summary,
      all: r.all,
    },
    call_ids: r.callIds,
    error_messages: r.errors,
    endpoints: Object.fromEntries(endpoints.map((e) => [e.host, e.calls])),
  };
}
