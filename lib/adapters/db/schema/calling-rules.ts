import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs';
import { dncSources } from '../../../../schemas/stored-values';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An organization's own calling rules (GET/PUT /v1/calling-rules); no row: the deployment's. */
export const callingRules = pgTable('calling_rules', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Countries it calls, within the deployment's CALL_COUNTRIES; NULL: all of those. */
  countries: text('countries').array(),
  /** Its calling hours ("HH:MM"), within the deployment's window; NULL: the deployment's. */
  hoursStart: text('hours_start'),
  hoursEnd: text('hours_end'),
  /** Weekdays calls may be placed on ("mon".."sun"); NULL: every day. */
  hoursDays: text('hours_days').array(),
  /** Whether the agent's first line says it is an automated assistant; NULL: yes (the default). */
  discloseAi: boolean('disclose_ai'),
  /** The organization's own wording of the AI and the recording notices; NULL: the service's. */
  aiText: text('ai_text'),
  recordingText: text('recording_text'),
  updatedAt: at('updated_at').notNull(),
});

export type DncSource = (typeof dncSources)[number];

/** Numbers never to be called: an organization's list, or the operators' (org_id NULL) for all. */
export const dncNumbers = pgTable(
  'dnc_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** E.164. */
    number: text('number').notNull(),
    reason: text('reason'),
    source: text('source', { enum: dncSources }).notNull(),
    /** The call during which the callee asked to be removed (source opt_out): the evidence. */
    callId: uuid('call_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    // One entry per number and list; the operators' list (NULL org) is one list too.
    unique('dnc_numbers_org_number').on(t.orgId, t.number).nullsNotDistinct(),
    index('dnc_numbers_number_idx').on(t.number),
  ],
);

export { dncSources };

/** How often the calling rules refused an organization's calls, per refusal code (console). */
export const callRefusals = pgTable(
  'call_refusals',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The error code the refusal answered (DESTINATION_NOT_ALLOWED, VELOCITY_LIMIT, ...). */
    code: text('code').notNull(),
    count: integer('count').notNull(),
    lastAt: at('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.code] })],
);
