import { and, asc, eq, isNull, lte, notInArray } from 'drizzle-orm';
import { recordAudit } from '../../accounts';
import { schema } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import type { NumberRow } from './find-number';
import { chargeRent, monthAfter } from './take-number';
import { releaseHeldNumber } from './release-number';
import type { NumberDeps } from './types';
import { UNPAID_GRACE_MS } from './unpaid-grace';
import { warnUnpaidNumber, type UnpaidWarningDeps } from './warn-unpaid-number';

export { UNPAID_GRACE_MS };

const system = { type: 'system' as const, id: null };

/**
 * One sweep of the monthly rent: each number whose paid month has ended (claimed under its row's
 * lock, skipping rows another instance holds) is charged its next month — once, keyed by the
 * month's start — and paid up to the month after. A wallet that cannot pay leaves the number
 * as it is for 7 days (tried again each sweep; the owners are mailed once); after that it is
 * released. Returns how many
 * numbers were renewed or released.
 */
export async function renewDueNumbers(
  deps: Pick<NumberDeps, 'db' | 'provider'> & {
    clock: { now(): number };
    /** Mail to the owners when a month goes unpaid (once per month); absent: no mail. */
    warn?: UnpaidWarningDeps;
  },
  limit = 50,
): Promise<number> {
  const now = new Date(deps.clock.now());
  const n = schema.phoneNumbers;
  let done = 0;
  // Numbers in their unpaid week, left for the next sweep.
  const waiting: string[] = [];
  for (let i = 0; i < limit; i++) {
    const outcome = await deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(n)
        .where(
          and(
            isNull(n.releasedAt),
            lte(n.paidUntil, now),
            waiting.length ? notInArray(n.id, waiting) : undefined,
          ),
        )
        .orderBy(asc(n.paidUntil))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return 'none' as const;
      try {
        await tx.transaction(async (inner) => {
          await chargeRent(inner, due, monthKey(due), now);
          await inner
            .update(n)
            .set({ paidUntil: monthAfter(due.paidUntil), updatedAt: now })
            .where(eq(n.id, due.id));
          await recordAudit(
            inner,
            {
              orgId: due.orgId,
              actor: system,
              action: 'number.renew',
              target: { type: 'phone_number', id: due.id },
              after: { number: due.number, paid_until: monthAfter(due.paidUntil).toISOString() },
            },
            now,
          );
        });
        return 'renewed' as const;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (now.getTime() - due.paidUntil.getTime() < UNPAID_GRACE_MS) {
          waiting.push(due.id);
          if (deps.warn) await warnUnpaidNumber({ ...deps.warn, db: tx }, due, now);
          return 'waiting' as const;
        }
        await releaseHeldNumber(deps, tx, due, system, { reason: 'rent unpaid for 7 days' }, now);
        return 'released' as const;
      }
    });
    if (outcome === 'none') break;
    if (outcome !== 'waiting') done++;
  }
  return done;
}

/** The rent's ledger key: the month that starts when the last one ended. */
const monthKey = (row: NumberRow) => row.paidUntil.getTime();
