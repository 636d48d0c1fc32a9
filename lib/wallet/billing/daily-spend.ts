import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';

const l = schema.walletLedger;
const DAY_MS = 86_400_000;

export interface DaySpend {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** What calls and speech cost that day, in micro-dollars (positive). */
  callsMicros: number;
  speechMicros: number;
}

/**
 * What an org spent per UTC day on calls and on speech over the `days` days up to `now`, every
 * day listed (a quiet day is zeros). Summed in SQL over the ledger's org index, so the console's
 * chart costs one grouped query however many charges the org has.
 */
export async function dailySpend(
  db: Db,
  orgId: string,
  { now, days }: { now: Date; days: number },
): Promise<DaySpend[]> {
  const end = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  const start = end - days * DAY_MS;
  const day = sql<string>`to_char(${l.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      calls: sql<string>`coalesce(sum(-${l.amountMicros}) filter (where ${l.kind} = 'call_charge'), 0)`,
      speech: sql<string>`coalesce(sum(-${l.amountMicros}) filter (where ${l.kind} = 'speech_charge'), 0)`,
    })
    .from(l)
    .where(
      and(
        eq(l.orgId, orgId),
        inArray(l.kind, ['call_charge', 'speech_charge']),
        gte(l.createdAt, new Date(start)),
        lt(l.createdAt, new Date(end)),
      ),
    )
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(date);
    return {
      day: date,
      callsMicros: Number(row?.calls ?? 0),
      speechMicros: Number(row?.speech ?? 0),
    };
  });
}
