import { and, desc, eq } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';

const c = schema.calls;

/** A running call as the overview lists it. */
export interface LiveCall {
  callId: string;
  to: string;
  startedAt: Date | null;
  createdAt: Date;
}

/**
 * The org's calls running now, newest first (at most `limit`). Read through the partial indexes
 * of running calls, so an org's 100,000 ended calls are never visited.
 */
export async function listLiveCalls(db: Executor, orgId: string, limit = 10): Promise<LiveCall[]> {
  return db
    .select({ callId: c.id, to: c.toNumber, startedAt: c.startedAt, createdAt: c.createdAt })
    .from(c)
    .where(and(eq(c.orgId, orgId), eq(c.queueStatus, 'started')))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(limit);
}
