import { randomUUID } from 'node:crypto';
import { and, asc, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { schema, type Db } from '../db';
import type { CallRow } from './types';

/** A step holds its call this long; a process that dies mid-step frees it when it runs out. */
export const STEP_LEASE_MS = 15_000;

/**
 * Claims up to `limit` calls whose next step is due, for this worker alone: the rows are locked
 * with SKIP LOCKED and leased with a fresh token, so concurrent instances take different calls
 * and a step's write only lands while its lease token still stands.
 */
export async function claimDueCalls(db: Db, now: Date, limit: number): Promise<CallRow[]> {
  const token = randomUUID();
  const c = schema.calls;
  const due = db
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        inArray(c.queueStatus, ['queued', 'started']),
        lte(c.nextStepAt, now),
        or(isNull(c.leaseUntil), lt(c.leaseUntil, now)),
      ),
    )
    .orderBy(asc(c.nextStepAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(c)
    .set({ leaseToken: token, leaseUntil: new Date(now.getTime() + STEP_LEASE_MS) })
    .where(inArray(c.id, due))
    .returning();
}
