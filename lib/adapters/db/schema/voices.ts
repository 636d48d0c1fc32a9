import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const cloneKinds = ['instant', 'professional'] as const;
export type CloneKind = (typeof cloneKinds)[number];
export const cloneStates = ['draft', 'live'] as const;
export type CloneState = (typeof cloneStates)[number];
/** Clone generations; every clone made now is V3, and only V3 instant clones use a slot. */
export const cloneGenerations = ['V2', 'V3'] as const;
export type CloneGeneration = (typeof cloneGenerations)[number];
export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/**
 * A voice clone owned by one organization: the engine voice derived from its samples (base voice,
 * eSpeak pitch, speed) and what was measured. The audio itself is not kept.
 */
export const voiceClones = pgTable(
  'voice_clones',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: cloneKinds }).notNull(),
    generation: text('generation', { enum: cloneGenerations }).notNull().default('V3'),
    state: text('state', { enum: cloneStates }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** The engine voice synthesis uses (e.g. `en-us+f3`), its pitch (0–100) and speed multiplier. */
    engineVoice: text('engine_voice').notNull(),
    pitch: integer('pitch').notNull(),
    speed: doublePrecision('speed').notNull(),
    /** Measured from the samples: median fundamental frequency and syllables per second. */
    samplePitchHz: doublePrecision('sample_pitch_hz'),
    sampleSyllablesPerSecond: doublePrecision('sample_syllables_per_second'),
    sampleSeconds: doublePrecision('sample_seconds').notNull(),
    sampleCount: integer('sample_count').notNull(),
    /** The consent-and-rights review (professional clones). */
    reviewStatus: text('review_status', { enum: reviewStatuses }).notNull().default('pending'),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    promotedAt: timestamp('promoted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('voice_clones_org_idx').on(t.orgId, t.createdAt),
    check('voice_clones_kind', sql`${t.kind} IN ('instant', 'professional')`),
    check('voice_clones_state', sql`${t.state} IN ('draft', 'live')`),
    check('voice_clones_generation', sql`${t.generation} IN ('V2', 'V3')`),
    check('voice_clones_review', sql`${t.reviewStatus} IN ('pending', 'approved', 'rejected')`),
    // An instant clone is live from its creation; only professional clones have drafts.
    check('voice_clones_instant_live', sql`${t.kind} = 'professional' OR ${t.state} = 'live'`),
    check('voice_clones_pitch', sql`${t.pitch} BETWEEN 0 AND 100`),
    check('voice_clones_speed', sql`${t.speed} BETWEEN 0.5 AND 2`),
  ],
);

/**
 * The speaker reading the consent statement aloud, recorded in the studio and uploaded with a
 * professional draft: kept (as call recordings are, in the database) for the org's members to
 * hear and for the operators' consent-and-rights review. Goes with its clone.
 */
export const voiceConsentRecordings = pgTable(
  'voice_consent_recordings',
  {
    voiceId: uuid('voice_id')
      .primaryKey()
      .references(() => voiceClones.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    /** The WAV file as uploaded (checked like a sample: PCM or float, 1–60 s, at most 10 MB). */
    data: bytea('data').notNull(),
    seconds: doublePrecision('seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('voice_consent_recordings_org_idx').on(t.orgId)],
);
