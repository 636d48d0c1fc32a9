import { and, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';

const c = schema.calls;
const totals = schema.callDayTotals;
const DAY_MS = 86_400_000;
/** The longest window the overview shows, in days (today included). */
export const OVERVIEW_DAYS = 30;
/**
 * How long after its end a day may be kept: a dial that took its time just before midnight
 * commits a moment after, and a day summed in between would be kept without it.
 */
export const SETTLE_AFTER_MS = 3_600_000;

/** One UTC day of an organization's calls, as the overview counts them. */
export interface DayFigures {
  /** The day, `YYYY-MM-DD` (UTC). */
  day: string;
  calls: number;
  completed: number;
  errors: number;
  /** Ended calls that machine detection said a person answered. */
  answeredHuman: number;
  /** Ended calls that reached a voicemail (machine detection's verdict). */
  answeredVoicemail: number;
  /** Talk time of the calls that ended, in milliseconds. */
  connectedMs: number;
  spendMicros: number;
}

/** The figures of one window (today, 7 days, 30 days): the sum of its days. */
export type WindowFigures = Omit<DayFigures, 'day'>;

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ZERO: WindowFigures = {
  calls: 0,
  completed: 0,
  errors: 0,
  answeredHuman: 0,
  answeredVoicemail: 0,
  connectedMs: 0,
  spendMicros: 0,
};

const ended = sql`${c.queueStatus} in ('complete', 'call_error')`;
const endedAnsweredBy = (who: string) =>
  sql<number>`(count(*) filter (where ${ended} and ${c.answeredBy} = ${who}))::int`;

/** The days of `keys` (consecutive runs merged) as ranges of `created_at`. */
function dayRanges(keys: string[]): SQL[] {
  const ranges: SQL[] = [];
  let start: number | null = null;
  let end = 0;
  const flush = () => {
    if (start !== null)
      ranges.push(and(gte(c.createdAt, new Date(start)), lt(c.createdAt, new Date(end)))!);
  };
  for (const key of keys) {
    const from = Date.parse(key);
    if (start !== null && from === end) end += DAY_MS;
    else {
      flush();
      start = from;
      end = from + DAY_MS;
    }
  }
  flush();
  return ranges;
}

/**
 * The org's last 30 UTC days of calls, one row a day, oldest first (days without calls as zeros).
 *
 * A day that is over and whose calls have all ended cannot change any more: the first time it is
 * summed so, its figures are kept in `call_day_totals` and read from there after. What is summed
 * from `calls` on each visit is today, plus any day still waiting on a call (one scheduled for
 * later, say), each an index range of `calls_org_created_idx`. So the page costs the same at
 * 100,000 calls as at 1,000, and nothing is added to the call's own transactions.
 */
export async function overviewDays(db: Executor, orgId: string, now: Date): Promise<DayFigures[]> {
  const todayMs = Date.parse(dayKey(now.getTime()));
  const keys = Array.from({ length: OVERVIEW_DAYS }, (_, i) =>
    dayKey(todayMs - (OVERVIEW_DAYS - 1 - i) * DAY_MS),
  );
  const kept = await db
    .select()
    .from(totals)
    .where(and(eq(totals.orgId, orgId), gte(totals.day, keys[0]!), lt(totals.day, keys.at(-1)!)));
  const byDay = new Map<string, WindowFigures>(kept.map(({ day, orgId: _, ...row }) => [day, row]));
  const toSum = keys.filter((key) => !byDay.has(key));

  const day = sql<string>`to_char(${c.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const summed = await db
    .select({
      day,
      calls: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${c.queueStatus} = 'complete'))::int`,
      errors: sql<number>`(count(*) filter (where ${c.queueStatus} = 'call_error'))::int`,
      answeredHuman: endedAnsweredBy('human'),
      answeredVoicemail: endedAnsweredBy('voicemail'),
      // Only ended calls: a running call's length is still growing and is not yet charged.
      connectedMs: sql<number>`coalesce(sum(${c.durationMs}) filter (where ${ended}), 0)::float8`,
      spendMicros: sql<number>`coalesce(sum(${c.priceMicros}), 0)::float8`,
      open: sql<number>`(count(*) filter (where not ${ended}))::int`,
    })
    .from(c)
    .where(and(eq(c.orgId, orgId), or(...dayRanges(toSum))))
    .groupBy(day);
  const open = new Set<string>();
  for (const { day: key, open: running, ...figures } of summed) {
    byDay.set(key, figures);
    if (running > 0) open.add(key);
  }

  const settled = toSum.filter(
    (key) => Date.parse(key) + DAY_MS + SETTLE_AFTER_MS <= now.getTime() && !open.has(key),
  );
  if (settled.length > 0) {
    // Two visits may sum the same day at once: they found the same figures, the first is kept.
    await db
      .insert(totals)
      .values(settled.map((key) => ({ orgId, day: key, ...(byDay.get(key) ?? ZERO) })))
      .onConflictDoNothing();
    // Days that slid out of the window are never read again (a missing day is summed anew).
    await db.delete(totals).where(and(eq(totals.orgId, orgId), lt(totals.day, keys[0]!)));
  }
  return keys.map((key) => ({ day: key, ...(byDay.get(key) ?? ZERO) }));
}

/** The sum of the last `days` days of `figures` (as overviewDays gives them, oldest first). */
export function windowFigures(figures: DayFigures[], days: number): WindowFigures {
  const total = { ...ZERO };
  for (const { day: _, ...figure } of figures.slice(-days)) {
    for (const key of Object.keys(total) as (keyof WindowFigures)[]) total[key] += figure[key];
  }
  return total;
}
