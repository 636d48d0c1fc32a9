import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ledgerKinds } from '../../../../schemas/stored-values';

const micros = (name: string) => bigint(name, { mode: 'number' });

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Spendable balance in micro-dollars; the CHECK makes a negative wallet unrepresentable. */
    balanceMicros: micros('balance_micros').notNull().default(0),
    /** Cumulative deposits (never lowered by spending); the starting credit is kept apart. */
    depositsMicros: micros('deposits_micros').notNull().default(0),
    startingCreditMicros: micros('starting_credit_micros').notNull().default(0),
    /**
     * What a refund or lost dispute could not take from the balance: while above 0, new calls and
     * speech are refused (402 WALLET_IN_DEBT) until a top-up covers it.
     */
    owedMicros: micros('owed_micros').notNull().default(0),
    /**
     * Part of the balance held by calls in progress (their worst case): spendable by them alone.
     * Only lib/wallet writes it, with the balance; the CHECK keeps it within the balance.
     */
    heldMicros: micros('held_micros').notNull().default(0),
    /** The org's Stripe customer, created on its first top-up through Stripe and kept. */
    stripeCustomerId: text('stripe_customer_id'),
    limitConcurrency: integer('limit_concurrency'),
    limitInstantClones: integer('limit_instant_clones'),
    limitLiveClones: integer('limit_live_clones'),
    limitConcurrentCalls: integer('limit_concurrent_calls'),
    webhookSecret: text('webhook_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('organizations_balance_nonnegative', sql`${t.balanceMicros} >= 0`),
    check('organizations_deposits_nonnegative', sql`${t.depositsMicros} >= 0`),
    check('organizations_owed_nonnegative', sql`${t.owedMicros} >= 0`),
    check(
      'organizations_held_within_balance',
      sql`${t.heldMicros} >= 0 AND ${t.heldMicros} <= ${t.balanceMicros}`,
    ),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    /** The first characters of the key, for a person to recognise it; the key itself is not kept. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key (keys are 256-bit random, so a fast hash is enough). */
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    name: text('name'),
    /** What the key may do; NULL for keys made before scopes existed (full access). */
    scopes: text('scopes').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Written at most once a minute per key, never on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    lastUsedIp: text('last_used_ip'),
    /** After a rotation, the old secret's hash stays valid until `previous_expires_at`. */
    previousHash: text('previous_hash'),
    previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true, mode: 'date' }),
    /** An agent key (device authorization) names the client it was approved for. */
    agentClientName: text('agent_client_name'),
    /**
     * The member who made it (a user id; for an agent key, the member who approved it): the key
     * may do only what their role allows, now. NULL: issued by the operator (admin API, org
     * creation) or before makers were kept — the org's own key, with an owner's rights.
     */
    createdBy: text('created_by'),
    /**
     * Monthly spend cap (calendar month, UTC) in micro-dollars; NULL: none. Only a capped key
     * keeps the counter below, so a key without a cap costs no write per request.
     */
    spendCapMicros: micros('spend_cap_micros'),
    /** The month (`YYYY-MM`, UTC) `month_spent_micros` counts; another month reads as 0. */
    spendMonth: text('spend_month'),
    /** What calls and speech through this key reserved and spent in `spend_month`. */
    monthSpentMicros: micros('month_spent_micros').notNull().default(0),
  },
  (t) => [
    check('api_keys_spend_cap_nonnegative', sql`${t.spendCapMicros} >= 0`),
    uniqueIndex('api_keys_hash_key').on(t.hash),
    index('api_keys_org_idx').on(t.orgId),
    // A demotion or removal finds the member's keys by maker.
    index('api_keys_maker_idx').on(t.orgId, t.createdBy),
    index('api_keys_previous_hash_idx').on(t.previousHash),
  ],
);

export type LedgerKind = (typeof ledgerKinds)[number];

/** Every change of a wallet, so the balance can be re-derived by summing `amount_micros`. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    amountMicros: micros('amount_micros').notNull(),
    balanceAfterMicros: micros('balance_after_micros').notNull(),
    /** What the change is for (a call id for a charge); a kind+reference pair is applied once. */
    reference: text('reference'),
    /** The change of what the org owes (a reversal the balance could not cover; its repayment). */
    owedChangeMicros: micros('owed_change_micros'),
    /** The API key whose request caused the change, when one did (a top-up started with a key). */
    keyId: text('key_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('wallet_ledger_org_idx').on(t.orgId, t.id),
    // A key's month-to-date spend in the console's key list.
    index('wallet_ledger_key_idx')
      .on(t.keyId, t.createdAt)
      .where(sql`${t.keyId} IS NOT NULL`),
    uniqueIndex('wallet_ledger_once_key')
      .on(t.kind, t.reference)
      .where(sql`${t.reference} IS NOT NULL`),
    check(
      'wallet_ledger_kind',
      sql`${t.kind} IN ('deposit', 'starting_credit', 'call_charge', 'speech_charge', 'refund', 'payment_refund', 'dispute', 'dispute_won', 'debt_repayment', 'number_rent')`,
    ),
    check('wallet_ledger_balance_nonnegative', sql`${t.balanceAfterMicros} >= 0`),
  ],
);

export { ledgerKinds };
