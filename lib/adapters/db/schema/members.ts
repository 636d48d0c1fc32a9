// Who belongs to which organization: our own tables on the existing `organizations` rows (one
// source of truth for orgs; better-auth's organization plugin is not used).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
import { organizations } from './orgs';
import { memberRoles } from '../../../../schemas/stored-values';

export type MemberRole = (typeof memberRoles)[number];

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const orgMembers = pgTable(
  'org_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: memberRoles }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    index('org_members_user_idx').on(t.userId),
    check('org_members_role', sql`${t.role} IN ('owner', 'admin', 'developer', 'viewer')`),
  ],
);

/** An invitation by email: bound to the address, single use, expires (7 days). */
export const orgInvitations = pgTable(
  'org_invitations',
  {
    id: text('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    role: text('role', { enum: memberRoles }).notNull(),
    /** SHA-256 of the token in the mailed link; the token itself is not kept. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    index('org_invitations_org_idx').on(t.orgId),
    check('org_invitations_role', sql`${t.role} IN ('owner', 'admin', 'developer', 'viewer')`),
  ],
);

export { memberRoles };
