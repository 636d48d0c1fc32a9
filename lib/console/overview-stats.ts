import { and, eq, gte } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';

const d = schema.callDays;
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
 * Read from `call_days`, which triggers on `calls` keep summed by day: at most 30 rows, however
 * many calls the organization has.
 */
export async function overviewDays(db: Executor, orgId: string, now: Date): Promise<DayFigures[]> {
  const todayMs = Date.parse(dayKey(now.getTime()));
  const since = new Date(todayMs - (OVERVIEW_DAYS - 1) * DAY_MS);
  const rows = await db
    .select({
      day: d.day,
      calls: d.calls,
      completed: d.completed,
      errors: d.errors,
      connectedMs: d.connectedMs,
      spendMicros: d.spendMicros,
    })
    .from(d)
    .where(and(eq(d.orgId, orgId), gte(d.day, dayKey(since.getTime()))));
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
