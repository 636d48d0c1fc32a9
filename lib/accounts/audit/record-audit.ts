import { schema, type Executor } from '../../adapters/db';
import type { AuditActorType } from '../../adapters/db/schema/audit';

export interface AuditActor {
  type: AuditActorType;
  /** A user id, an API key id, an onboarding id; NULL for the admin token. */
  id: string | null;
  ip?: string | null;
}

export interface AuditEntry {
  orgId: string | null;
  actor: AuditActor;
  action: string;
  target?: { type: string; id: string };
  /** Never secrets: callers pass the shapes a person may see. */
  before?: unknown;
  after?: unknown;
}

/** Appends one audit row, in the caller's transaction when given one. Rows are never changed. */
export async function recordAudit(db: Executor, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(schema.auditLog).values({
    orgId: entry.orgId,
    at: now,
    actorType: entry.actor.type,
    actorId: entry.actor.id,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.actor.ip ?? null,
  });
}
