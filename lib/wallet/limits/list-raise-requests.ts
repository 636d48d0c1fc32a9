import { desc, eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { raiseJson } from './raise-json';

/** Raise requests, newest first: one org's (console) or every pending one (operators). */
export async function listRaiseRequests(db: Db, filter: { orgId?: string; pending?: boolean }) {
  const r = schema.limitRaiseRequests;
  const rows = await db
    .select()
    .from(r)
    .where(
      filter.orgId
        ? eq(r.orgId, filter.orgId)
        : filter.pending
          ? eq(r.status, 'pending')
          : undefined,
    )
    .orderBy(desc(r.createdAt))
    .limit(100);
  return rows.map(raiseJson);
}
