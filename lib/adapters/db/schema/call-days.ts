// Each organization's calls summed by UTC day of dispatch, kept by triggers on `calls` (migration
// 0035_call_days): the console's overview reads 30 rows instead of aggregating every call of 30 days, so it
// costs the same at 100,000 calls as at 1,000.
import { bigint, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';

export const callDays = pgTable(
  'call_days',
  {
    orgId: uuid('org_id').notNull(),
    /** The UTC day the calls were created (dispatched) on. */
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    /** Talk time of the day's calls that have ended (complete or call_error). */
    connectedMs: bigint('connected_ms', { mode: 'number' }).notNull().default(0),
    spendMicros: bigint('spend_micros', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day] })],
);
