import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';

export interface AuditPageQuery {
  limit: number;
  cursor?: string;
  action?: string;
  actor?: string;
}

/** One page of an organization's audit log, newest first; the cursor is the last row's id. */
export async function listAuditLog(db: Db, orgId: string, query: AuditPageQuery) {
  const conditions: SQL[] = [eq(schema.auditLog.orgId, orgId)];
  if (query.cursor) conditions.push(lt(schema.auditLog.id, Number(query.cursor)));
  if (query.action) conditions.push(eq(schema.auditLog.action, query.action));
  if (query.actor) conditions.push(eq(schema.auditLog.actorId, query.actor));
  const rows = await db
    .select()
    .from(schema.auditLog)
    .where(and(...conditions))
    .orderBy(desc(schema.auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    events: page.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      actor: { type: row.actorType, id: row.actorId },
      action: row.action,
      target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip,
    })),
    next_cursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
  };
}
