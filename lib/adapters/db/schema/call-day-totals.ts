// An organization's calls summed by UTC day of dispatch, for days that can no longer change: the
// day is over and every call placed on it has ended. The console's overview writes a day here the
// first time it sums it settled, and from then on reads one row instead of the day's calls, so it
// costs the same at 100,000 calls as at 1,000. Nothing on the call path writes here: a row lock
// taken beside the wallet's in the dial's or the call end's transaction is what deadlocked the
// trigger-kept table this replaces.
import { bigint, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

export const callDayTotals = pgTable(
  'call_day_totals',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The UTC day the calls were created (dispatched) on. */
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull(),
    completed: integer('completed').notNull(),
    errors: integer('errors').notNull(),
    /** Ended calls that machine detection said a person or a voicemail answered. */
    answeredHuman: integer('answered_human').notNull(),
    answeredVoicemail: integer('answered_voicemail').notNull(),
    /** Talk time of the day's calls (all of them ended), in milliseconds. */
    connectedMs: bigint('connected_ms', { mode: 'number' }).notNull(),
    spendMicros: bigint('spend_micros', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day] })],
);
