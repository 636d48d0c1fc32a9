// Requests to raise an organization's limits, answered by an operator (admin API or CLI).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './orgs';
import { raisableLimits } from '../../../../schemas/stored-values';

export const raiseStatuses = ['pending', 'approved', 'denied'] as const;

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const limitRaiseRequests = pgTable(
  'limit_raise_requests',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    /** The requesting member (better-auth user id) and the address the answer goes to. */
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    limit: text('limit', { enum: raisableLimits }).notNull(),
    wanted: integer('wanted').notNull(),
    expectedVolume: text('expected_volume').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: raiseStatuses }).notNull(),
    note: text('note'),
    createdAt: at('created_at').notNull(),
    answeredAt: at('answered_at'),
  },
  (t) => [
    index('limit_raise_requests_org_idx').on(t.orgId, t.createdAt),
    check('limit_raise_requests_status', sql`${t.status} IN ('pending', 'approved', 'denied')`),
  ],
);

export { raisableLimits };
