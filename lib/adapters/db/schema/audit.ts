// The audit log: one row per change that matters; rows are only ever inserted.
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditActorTypes } from '../../../../schemas/stored-values';

export type AuditActorType = (typeof auditActorTypes)[number];

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** NULL for actions outside any organization (none today; kept open for account events). */
    orgId: uuid('org_id'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorType: text('actor_type', { enum: auditActorTypes }).notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_org_idx').on(t.orgId, t.id),
    index('audit_log_org_action_idx').on(t.orgId, t.action, t.id),
  ],
);

export { auditActorTypes };
