import { and, eq, gte, sql } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';

const c = schema.calls;
const DAY_MS = 86_400_000;
/** The longest window the overview shows, in days (today included). */
export const OVERVIEW_DAYS = 30;

/** One UTC day of an organization's calls, as the overview counts them. */
export interface DayFigures {
  /** The day, `YYYY-MM-DD` (UTC). */
  day: string;
  calls: number;
  completed: number;
  errors: number;
  /** Talk time of the calls that ended, in milliseconds. */
  connectedMs: number;
  spendMicros: number;
}

/** The figures of one window (today, 7 days, 30 days): the sum of its days. */
export type WindowFigures = Omit<DayFigures, 'day'>;

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The org's last 30 UTC days of calls, one row a day, oldest first (days without calls as zeros).
 * One aggregate over the range of `calls_org_created_idx` that starts 30 days ago: the rows are
 * summed in the database, never carried out, so 100,000 calls cost one index range, not a list.
 */
export async function overviewDays(db: Executor, orgId: string, now: Date): Promise<DayFigures[]> {
  const todayMs = Date.parse(dayKey(now.getTime()));
  const since = new Date(todayMs - (OVERVIEW_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${c.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      calls: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${c.queueStatus} = 'complete'))::int`,
      errors: sql<number>`(count(*) filter (where ${c.queueStatus} = 'call_error'))::int`,
      // Only ended calls: a running call's length is still growing and is not yet charged.
      connectedMs: sql<number>`coalesce(sum(${c.durationMs}) filter (where ${c.queueStatus} in ('complete', 'call_error')), 0)::float8`,
      spendMicros: sql<number>`coalesce(sum(${c.priceMicros}), 0)::float8`,
    })
    .from(c)
    .where(and(eq(c.orgId, orgId), gte(c.createdAt, since)))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
    const key = dayKey(since.getTime() + i * DAY_MS);
    const row = byDay.get(key);
    return {
      day: key,
      calls: row?.calls ?? 0,
      completed: row?.completed ?? 0,
      errors: row?.errors ?? 0,
      connectedMs: row?.connectedMs ?? 0,
      spendMicros: row?.spendMicros ?? 0,
    };
  });
}

/** The sum of the last `days` days of `figures` (as overviewDays gives them, oldest first). */
export function windowFigures(figures: DayFigures[], days: number): WindowFigures {
  const total: WindowFigures = {
    calls: 0,
    completed: 0,
    errors: 0,
    connectedMs: 0,
    spendMicros: 0,
  };
  for (const day of figures.slice(-days)) {
    total.calls += day.calls;
    total.completed += day.completed;
    total.errors += day.errors;
    total.connectedMs += day.connectedMs;
    total.spendMicros += day.spendMicros;
  }
  return total;
}
