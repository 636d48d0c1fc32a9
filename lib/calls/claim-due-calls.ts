import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { schema, type Db } from '../adapters/db';
import { DEFAULT_CONCURRENT_CALLS } from '../wallet';
import type { CallRow } from './types';

/** A step holds its call this long; a process that dies mid-step frees it when it runs out. */
export const STEP_LEASE_MS = 15_000;

/**
 * Claims up to `limit` calls whose next step is due, for this worker alone: the rows are locked
 * with SKIP LOCKED and leased with a fresh token, so concurrent instances take different calls
 * and a step's write only lands while its lease token still stands. Calls in `busy` (steps this
 * worker is still running, past their lease) are left alone. At most `newCalls` of them are
 * queued calls (whose step dials): an instance at its live-call capacity takes none, and they
 * wait for one with room.
 */
export async function claimDueCalls(
  db: Db,
  now: Date,
  limit: number,
  busy: readonly string[] = [],
  newCalls = Infinity,
): Promise<CallRow[]> {
  if (newCalls >= limit) return claim(db, now, limit, busy, ['queued', 'started']);
  const started = await claim(db, now, limit, busy, ['started']);
  const room = Math.min(newCalls, limit - started.length);
  if (room <= 0) return started;
  return [...started, ...(await claim(db, now, room, busy, ['queued']))];
}

async function claim(
  db: Db,
  now: Date,
  limit: number,
  busy: readonly string[],
  statuses: ('queued' | 'started')[],
): Promise<CallRow[]> {
  const token = randomUUID();
  const c = schema.calls;
  const due = db
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        inArray(c.queueStatus, statuses),
        lte(c.nextStepAt, now),
        or(isNull(c.leaseUntil), lt(c.leaseUntil, now)),
        busy.length > 0 ? notInArray(c.id, [...busy]) : undefined,
        // A queued call of an org already at its concurrent-call cap is not worth a claim (the
        // dial step re-checks under the org's lock); skipping it keeps a long queue from
        // crowding out calls in progress.
        or(
          eq(c.queueStatus, 'started'),
          sql`(SELECT count(*) FROM ${schema.calls} AS s WHERE s.org_id = ${c.orgId} AND s.queue_status = 'started')
            < coalesce((SELECT o.limit_concurrent_calls FROM ${schema.organizations} AS o WHERE o.id = ${c.orgId}), ${DEFAULT_CONCURRENT_CALLS})`,
        ),
      ),
    )
    // Lines of calls in progress first: a person on the line is waiting for them.
    .orderBy(sql`${c.queueStatus} = 'queued'`, asc(c.nextStepAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(c)
    .set({ leaseToken: token, leaseUntil: new Date(now.getTime() + STEP_LEASE_MS) })
    .where(inArray(c.id, due))
    .returning();
}
