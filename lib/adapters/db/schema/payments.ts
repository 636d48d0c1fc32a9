import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

const micros = (name: string) => bigint(name, { mode: 'number' });

export const topUpProviders = ['stripe', 'sandbox'] as const;
export type TopUpProvider = (typeof topUpProviders)[number];
export const topUpStatuses = ['open', 'paid', 'declined'] as const;
export type TopUpStatus = (typeof topUpStatuses)[number];

/**
 * A top-up we started (a Stripe Checkout Session or a sandbox checkout). Only events for a
 * session in this table credit anything; the row is locked while an event for it is applied.
 */
export const topUps = pgTable(
  'top_ups',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    provider: text('provider', { enum: topUpProviders }).notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    /** Stripe's PaymentIntent (the deposit's ledger reference); set when the payment completes. */
    paymentIntentId: text('payment_intent_id'),
    chargeId: text('charge_id'),
    receiptUrl: text('receipt_url'),
    amountMicros: micros('amount_micros').notNull(),
    status: text('status', { enum: topUpStatuses }).notNull().default('open'),
    /** Cumulative refunded amount as Stripe last reported it (events may come out of order). */
    refundedMicros: micros('refunded_micros').notNull().default(0),
    /** Taken back for disputes still open or lost. */
    disputedMicros: micros('disputed_micros').notNull().default(0),
    keyId: text('key_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('top_ups_session_key').on(t.checkoutSessionId),
    uniqueIndex('top_ups_payment_intent_key')
      .on(t.paymentIntentId)
      .where(sql`${t.paymentIntentId} IS NOT NULL`),
    index('top_ups_charge_idx').on(t.chargeId),
    index('top_ups_org_idx').on(t.orgId, t.createdAt),
    check('top_ups_amount_positive', sql`${t.amountMicros} > 0`),
    check(
      'top_ups_reversed_within_amount',
      sql`${t.refundedMicros} >= 0 AND ${t.disputedMicros} >= 0 AND ${t.refundedMicros} + ${t.disputedMicros} <= ${t.amountMicros}`,
    ),
  ],
);

/** Stripe objects we create once and reuse (the top-up product's one-cent price). */
export const stripeObjects = pgTable('stripe_objects', {
  name: text('name').primaryKey(),
  stripeId: text('stripe_id').notNull(),
});

/**
 * A refund or dispute event for a PaymentIntent not (yet) credited here: Stripe may deliver it
 * before a retried `checkout.session.completed`. Crediting that payment applies what waits here,
 * in the same transaction; events of payments that never become ours just stay.
 */
export const pendingReversals = pgTable(
  'pending_reversals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paymentIntentId: text('payment_intent_id').notNull(),
    /** The event as our adapter read it (PaymentEvent of type charge_refunded or dispute). */
    event: jsonb('event').$type<PendingReversalEvent>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('pending_reversals_pi_idx').on(t.paymentIntentId)],
);

/** Shapes stored in `pending_reversals.event` (the domain imports them from here). */
export type PendingReversalEvent =
  | {
      type: 'charge_refunded';
      chargeId: string;
      paymentIntentId: string | null;
      amountRefundedCents: number;
    }
  | {
      type: 'dispute';
      disputeId: string;
      chargeId: string;
      paymentIntentId: string | null;
      amountCents: number;
      /** created → take it back; closed lost → take it back (once); closed won → give it back. */
      outcome: 'opened' | 'lost' | 'won' | 'other';
    };
