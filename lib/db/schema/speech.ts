import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
