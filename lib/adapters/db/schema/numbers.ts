import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { numberSources } from '../../../../schemas/stored-values';
import { agents } from './agents';
import { organizations } from './orgs';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A phone number an organization rents (lib/calls/numbers): bought or imported at the carrier, or
 * handed out from the sandbox's fictional range. Released numbers stay as rows (their ledger rows
 * and calls name them) with `released_at` set; a number is held by one organization at a time.
 */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** E.164. */
    number: text('number').notNull(),
    source: text('source', { enum: numberSources }).notNull(),
    /** The carrier's id of the number (Twilio's incoming number SID); NULL on the sandbox line. */
    carrierSid: text('carrier_sid'),
    label: text('label'),
    /** The saved agent that answers calls to this number; NULL: callers hear a short message. */
    inboundAgentId: uuid('inbound_agent_id').references(() => agents.id),
    /** The rent charged each month, fixed when the number was taken. */
    monthlyFeeMicros: bigint('monthly_fee_micros', { mode: 'number' }).notNull(),
    /** The end of the month paid for: the next rent is due then. */
    paidUntil: at('paid_until').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    releasedAt: at('released_at'),
  },
  (t) => [
    index('phone_numbers_org_idx').on(t.orgId, t.createdAt, t.id),
    uniqueIndex('phone_numbers_held_key')
      .on(t.number)
      .where(sql`${t.releasedAt} IS NULL`),
    index('phone_numbers_agent_idx')
      .on(t.inboundAgentId)
      .where(sql`${t.releasedAt} IS NULL`),
    check('phone_numbers_source', sql`${t.source} IN ('purchased', 'imported', 'sandbox')`),
    check('phone_numbers_fee_nonnegative', sql`${t.monthlyFeeMicros} >= 0`),
  ],
);
