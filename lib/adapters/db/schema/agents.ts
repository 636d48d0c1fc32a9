import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A saved agent's call settings as the API validated them (POST /v1/agents): the fields of a call
 * request other than the per-call ones, keyed by their API names. Only fields that were set.
 */
export type AgentSettings = Record<string, unknown>;

/** A saved agent (lib/calls/agents): its current version. Deleted agents stay, so calls keep the link. */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The current version: 1 at creation, one more at each change. */
    version: integer('version').notNull(),
    settings: jsonb('settings').$type<AgentSettings>().notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** Soft delete: hidden from the API and refused to new calls; calls keep their reference. */
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('agents_org_idx').on(t.orgId, t.createdAt, t.id),
    check('agents_version_positive', sql`${t.version} >= 1`),
  ],
);

/** Every version of an agent, the current one included: written once, never changed. */
export const agentVersions = pgTable(
  'agent_versions',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<AgentSettings>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.version] })],
);
