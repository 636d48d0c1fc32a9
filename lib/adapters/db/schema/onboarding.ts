// Agent onboarding by device authorization (RFC 8628): one row per started flow.
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const onboardingStatuses = ['pending', 'approved', 'denied', 'consumed'] as const;
export type OnboardingStatus = (typeof onboardingStatuses)[number];

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const agentOnboardings = pgTable(
  'agent_onboardings',
  {
    id: text('id').primaryKey(),
    /** SHA-256 of the device code the agent polls with. */
    deviceCodeHash: text('device_code_hash').notNull().unique(),
    /** Eight letters, stored without the dash. */
    userCode: text('user_code').notNull().unique(),
    clientName: text('client_name'),
    status: text('status', { enum: onboardingStatuses }).notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    lastPolledAt: at('last_polled_at'),
    orgId: uuid('org_id'),
    scopes: text('scopes').array(),
    decidedBy: text('decided_by'),
    /** The monthly spend cap (micro-dollars) the approver gave the agent's key; NULL: none. */
    spendCapMicros: bigint('spend_cap_micros', { mode: 'number' }),
    keyId: text('key_id'),
  },
  (t) => [
    check(
      'agent_onboardings_status',
      sql`${t.status} IN ('pending', 'approved', 'denied', 'consumed')`,
    ),
  ],
);
