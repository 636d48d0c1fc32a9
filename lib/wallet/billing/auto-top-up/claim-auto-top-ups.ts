import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { schema, type Db } from '../../../adapters/db';
import { utcDayStart, utcMonthStart } from './read-auto-top-up';
import { CLAIM_LEASE_MS, DAILY_ATTEMPTS } from './types';

const s = schema.autoTopUpSettings;
const o = schema.organizations;
const a = schema.autoTopUpAttempts;

export type AttemptRow = typeof a.$inferSelect;

/** Claimed attempts no instance holds: it died, or the charge ended with the outcome unknown. */
export const leaseRunOut = (now: Date) => and(eq(a.status, 'claimed'), lt(a.leaseUntil, now));

/**
 * Claims the recharges that are due, as attempt rows (the durable job): orgs with auto top-up on
 * whose balance a charge left under the threshold, with nothing in flight, under the daily count
 * and with room under the monthly cap for one more recharge. The settings rows are locked with
 * SKIP LOCKED and the one-in-flight unique index backs it up, so across instances an org gets at
 * most one attempt at a time. Claimed attempts whose outcome is unknown (lease run out) come back
 * with their own idempotency key while younger than `retryForMs` (failUnansweredAutoTopUps
 * settles the older ones). Runs from the scheduler, never inside a request.
 */
export async function claimAutoTopUps(
  db: Db,
  now: Date,
  retryForMs: number,
  limit: number,
): Promise<AttemptRow[]> {
  const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
  const stale = db
    .select({ id: a.id })
    .from(a)
    .where(and(leaseRunOut(now), gt(a.createdAt, new Date(now.getTime() - retryForMs))))
    .limit(limit)
    .for('update', { skipLocked: true });
  const retried = await db.update(a).set({ leaseUntil }).where(inArray(a.id, stale)).returning();
  const fresh = await db.transaction(async (tx) => {
    const due = await tx
      .select({ orgId: s.orgId, amountMicros: s.amountMicros })
      .from(s)
      .innerJoin(o, eq(o.id, s.orgId))
      .where(
        and(
          eq(s.enabled, true),
          lt(o.balanceMicros, s.thresholdMicros),
          sql`NOT EXISTS (SELECT 1 FROM ${a} WHERE ${a.orgId} = ${s.orgId} AND ${a.status} IN ('claimed', 'pending'))`,
          sql`(SELECT count(*) FROM ${a} WHERE ${a.orgId} = ${s.orgId} AND ${a.createdAt} >= ${utcDayStart(now)}) < ${DAILY_ATTEMPTS}`,
          sql`(SELECT coalesce(sum(${a.amountMicros}), 0) FROM ${a} WHERE ${a.orgId} = ${s.orgId} AND ${a.createdAt} >= ${utcMonthStart(now)} AND ${a.status} IN ('claimed', 'pending', 'succeeded')) + ${s.amountMicros} <= ${s.monthlyCapMicros}`,
          // Owners were mailed a Checkout link: no new charge while it is open (Stripe expires
          // it within a day) unless the settings were saved since.
          sql`NOT EXISTS (SELECT 1 FROM ${a} INNER JOIN ${schema.topUps} t ON t.id = ${a.topUpId} WHERE ${a.orgId} = ${s.orgId} AND ${a.status} = 'authentication_required' AND ${a.createdAt} > ${s.updatedAt} AND t.status = 'open')`,
        ),
      )
      .limit(limit)
      .for('update', { of: s, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .insert(a)
      .values(
        due.map((d) => {
          const id = randomUUID();
          return {
            id,
            orgId: d.orgId,
            amountMicros: d.amountMicros,
            idempotencyKey: `auto-top-up-${id}`,
            status: 'claimed' as const,
            createdAt: now,
            leaseUntil,
          };
        }),
      )
      .onConflictDoNothing()
      .returning();
  });
  return [...retried, ...fresh];
}
