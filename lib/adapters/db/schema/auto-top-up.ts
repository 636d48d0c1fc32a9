// Auto top-up and low-balance mail: one settings row per org, one row per recharge attempt.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs';
import { autoTopUpStatuses } from '../../../../schemas/stored-values';

const micros = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const autoTopUpSettings = pgTable(
  'auto_top_up_settings',
  {
    orgId: uuid('org_id')
      .primaryKey()
      .references(() => organizations.id),
    enabled: boolean('enabled').notNull().default(false),
    thresholdMicros: micros('threshold_micros').notNull(),
    amountMicros: micros('amount_micros').notNull(),
    monthlyCapMicros: micros('monthly_cap_micros').notNull(),
    /** Declines in a row; the third turns auto top-up off. A paid recharge resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Low-balance mail: NULL sends none. */
    lowBalanceMicros: micros('low_balance_micros'),
    /** false once the mail for this crossing went out; true again when the balance is back above. */
    lowBalanceArmed: boolean('low_balance_armed').notNull().default(true),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('auto_top_up_settings_enabled_idx')
      .on(t.orgId)
      .where(sql`${t.enabled}`),
    check('auto_top_up_threshold_min', sql`${t.thresholdMicros} >= 1000000`),
    check('auto_top_up_amount_min', sql`${t.amountMicros} >= 5000000`),
    check('auto_top_up_cap_positive', sql`${t.monthlyCapMicros} > 0`),
  ],
);

export type AutoTopUpStatus = (typeof autoTopUpStatuses)[number];

/**
 * One recharge attempt: the durable job. At most one per org is in flight (claimed or pending),
 * across instances, by the partial unique index. Its idempotency key is its own and never reused
 * by another attempt, so a retry after a decline is a new charge, a retry after a crash is not.
 */
export const autoTopUpAttempts = pgTable(
  'auto_top_up_attempts',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    amountMicros: micros('amount_micros').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: autoTopUpStatuses }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** Stripe's decline code, or why no charge was possible. */
    failure: text('failure'),
    /** The Checkout top-up mailed after authentication_required. */
    topUpId: uuid('top_up_id'),
    createdAt: at('created_at').notNull(),
    /** A claimed attempt whose lease ran out (its instance died) is retried with the same key. */
    leaseUntil: at('lease_until'),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('auto_top_up_one_in_flight')
      .on(t.orgId)
      .where(sql`${t.status} IN ('claimed', 'pending')`),
    uniqueIndex('auto_top_up_attempts_key').on(t.idempotencyKey),
    uniqueIndex('auto_top_up_attempts_pi_key')
      .on(t.paymentIntentId)
      .where(sql`${t.paymentIntentId} IS NOT NULL`),
    index('auto_top_up_attempts_org_idx').on(t.orgId, t.createdAt),
    check(
      'auto_top_up_attempts_status',
      sql`${t.status} IN ('claimed', 'pending', 'succeeded', 'authentication_required', 'declined')`,
    ),
  ],
);

export { autoTopUpStatuses };
