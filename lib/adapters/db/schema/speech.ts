import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

/** A public link to a generation; fetching it synthesizes on the owner's slot and wallet. */
export const audioShares = pgTable(
  'audio_shares',
  {
    /** The unguessable token in the public URL (256 random bits). */
    id: text('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    text: text('text').notNull(),
    voice: text('voice').notNull(),
    audio: jsonb('audio').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('audio_shares_org_idx').on(t.orgId)],
);

export const reservationStatuses = ['held', 'settled', 'refunded'] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

/**
 * A generation's reserved charge, written in the same transaction as its `speech_charge` ledger
 * row. Its holder settles it when the audio ends (`settled`); a holder that died leaves it `held`
 * past `expires_at` (renewed while audio is produced), and the sweeper refunds it (`refunded`).
 * Only a `held` row can move, so it ends exactly once either way.
 */
export const speechReservations = pgTable(
  'speech_reservations',
  {
    /** The generation id; the ledger rows reference it as `speech:<id>`. */
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    reservedMicros: bigint('reserved_micros', { mode: 'number' }).notNull(),
    /** The API key that asked; its ledger rows name it. */
    keyId: text('key_id'),
    /** Whether the reservation also counted against the key's monthly cap (to give back). */
    keyCapped: boolean('key_capped').notNull().default(false),
    status: text('status', { enum: reservationStatuses }).notNull().default('held'),
    /** What the org paid in the end (the rest was refunded); null while held. */
    chargedMicros: bigint('charged_micros', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('speech_reservations_held_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'held'`),
    check('speech_reservations_status', sql`${t.status} IN ('held', 'settled', 'refunded')`),
    check('speech_reservations_reserved_positive', sql`${t.reservedMicros} > 0`),
  ],
);
