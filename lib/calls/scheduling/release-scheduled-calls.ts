import { sql } from 'drizzle-orm';
import type { Db } from '../../adapters/db';

/**
 * Hands the calls whose start_time (or retry's wait) has come to the call steps: a call held for
 * its moment is queued with no next_step_at, which the step loop never claims; this sets it to
 * now, once (the rows are taken with SKIP LOCKED, and a released row no longer matches). Never
 * early: only rows whose scheduled_for is not after `now`. The dial then runs once under the
 * step's lease, with the calling rules judged at that moment. Returns how many it released.
 */
export async function releaseScheduledCalls(db: Db, now: Date, limit: number): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    UPDATE calls SET next_step_at = ${at}::timestamptz
    WHERE id IN (
      SELECT id FROM calls
      WHERE queue_status = 'queued' AND next_step_at IS NULL AND scheduled_for <= ${at}::timestamptz
      ORDER BY scheduled_for
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
