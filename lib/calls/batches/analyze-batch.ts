import { asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { callLengthBuckets, type BatchAnalysisBody } from '@/schemas/batches';
import { answeredByValues } from '@/schemas/call-voicemail';
import { schema, type Executor } from '../../adapters/db';

const c = schema.calls;

/** Lower bounds of the summary ranges in milliseconds, in the order of callLengthBuckets. */
export const BUCKET_STARTS_MS = [0, 5, 10, 15, 20, 30, 45, 60, 90, 120].map((s) => s * 1000);

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The analysis of GET /batch, computed by the database: counts, averages and length ranges are
 * aggregates over the batch's calls, and the per-call arrays (ids, lengths, errors) are built as
 * JSON in the same pass. Lengths are of the real audio (duration_ms).
 */
export async function analyzeBatch(
  db: Executor,
  batchId: string,
): Promise<{ analysis: BatchAnalysisBody; stamp: string }> {
  // Sorted once here, so the arrays agree (all[i] is the length of call_ids[i]) without each
  // aggregate sorting on its own; aggregates over a sorted subquery keep its order.
  const o = db
    .select({
      id: c.id,
      queueStatus: c.queueStatus,
      durationMs: c.durationMs,
      errorMessage: c.errorMessage,
      attempt: c.attempt,
      answeredBy: c.answeredBy,
      analysisVersion: c.analysisVersion,
    })
    .from(c)
    .where(eq(c.batchId, batchId))
    .orderBy(asc(c.createdAt), asc(c.id))
    .as('o');

  // json_build_object('0-5', count(*) filter (where …), …): every range, counted in one pass.
  const summary = sql<BatchAnalysisBody['call_lengths']['summary']>`json_build_object(${sql.join(
    callLengthBuckets.map((name, i) => {
      const from = BUCKET_STARTS_MS[i]!;
      const to = BUCKET_STARTS_MS[i + 1];
      const inRange =
        to === undefined
          ? sql`${o.durationMs} >= ${from}`
          : sql`${o.durationMs} >= ${from} and ${o.durationMs} < ${to}`;
      return sql`${name}::text, ${countWhere(inRange)}`;
    }),
    sql`, `,
  )})`;

  const [row] = await db
    .select({
      // In the same statement (one snapshot) as the figures: the state they describe.
      stamp: versionStamp(o.analysisVersion),
      total: sql<number>`count(*)::int`,
      complete: countWhere(sql`${o.queueStatus} = 'complete'`),
      started: countWhere(sql`${o.queueStatus} = 'started'`),
      queued: countWhere(sql`${o.queueStatus} = 'queued'`),
      callError: countWhere(sql`${o.queueStatus} = 'call_error'`),
      retries: countWhere(sql`${o.attempt} > 1`),
      answeredBy: sql<BatchAnalysisBody['answered_by']>`json_build_object(${sql.join(
        answeredByValues.map((v) => sql`${v}::text, ${countWhere(sql`${o.answeredBy} = ${v}`)}`),
        sql`, `,
      )})`,
      average: sql<number>`coalesce(round(avg(${o.durationMs}) / 1000, 3), 0)::float8`,
      averageNonzero: sql<number>`coalesce(round(avg(${o.durationMs}) filter (where ${o.durationMs} >= 1000) / 1000, 3), 0)::float8`,
      summary,
      all: sql<number[]>`coalesce(json_agg(${o.durationMs}::float8 / 1000), '[]')`,
      callIds: sql<string[]>`coalesce(json_agg(${o.id}), '[]')`,
      errors: sql<
        { call_id: string; error_message: string }[]
      >`coalesce(json_agg(json_build_object('call_id', ${o.id}, 'error_message', ${o.errorMessage})) filter (where ${o.errorMessage} is not null), '[]')`,
    })
    .from(o);

  // Calls per endpoint URL first, so the host is extracted once per URL, not once per call.
  const perUrl = db
    .select({ url: c.endpointUrl, calls: sql<number>`count(*)`.as('calls') })
    .from(c)
    .where(eq(c.batchId, batchId))
    .groupBy(c.endpointUrl)
    .as('u');
  // `sandbox://simulated-line` → `simulated-line`; a URL without a host counts under itself.
  const host = sql<string>`coalesce(substring(${perUrl.url} from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)'), ${perUrl.url})`;
  const endpoints = await db
    .select({ host, calls: sql<number>`sum(${perUrl.calls})::int` })
    .from(perUrl)
    .groupBy(host)
    .orderBy(asc(host));

  const r = row!;
  const completed = r.complete + r.callError;
  const analysis: BatchAnalysisBody = {
    total_calls: r.total,
    completed_calls: completed,
    in_progress_calls: r.total - completed,
    retry_calls: r.retries,
    queue_statuses: {
      complete: r.complete,
      started: r.started,
      queued: r.queued,
      call_error: r.callError,
    },
    answered_by: r.answeredBy,
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
  return { analysis, stamp: r.stamp };
}

/**
 * Aggregate naming the state of a batch's calls as far as one version column is concerned: how
 * many there are and the sum of their versions (each raised by a trigger on every change that
 * column stands for; calls are never deleted), so equal stamps mean equal analyses (with
 * `analysis_version`) or equal rendered calls (with `render_version`).
 */
export const versionStamp = (version: SQL | AnyColumn) =>
  sql<string>`count(*) || ':' || coalesce(sum(${version}), 0)`;
