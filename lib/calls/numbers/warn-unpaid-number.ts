import { and, eq, gte } from 'drizzle-orm';
import { mailOwners, recordAudit } from '../../accounts';
import { schema, type Executor } from '../../adapters/db';
import type { Mailer } from '../../adapters/mail';
import { UNPAID_GRACE_MS } from './unpaid-grace';
import type { NumberRow } from './find-number';

export interface UnpaidWarningDeps {
  mailer: Mailer;
  /** The console's origin from the configuration (never a request's Host). */
  origin: string;
}

/**
 * The first sweep that cannot charge a number's month tells the owners, once for that month: the
 * audit entry `number.rent_unpaid` is the record that they were told (a later sweep finds it and
 * stays quiet). The number is released if the wallet still cannot pay 7 days after it was due.
 */
export async function warnUnpaidNumber(
  deps: UnpaidWarningDeps & { db: Executor },
  row: NumberRow,
  now: Date,
): Promise<boolean> {
  const a = schema.auditLog;
  const [told] = await deps.db
    .select({ id: a.id })
    .from(a)
    .where(
      and(
        eq(a.orgId, row.orgId),
        eq(a.action, 'number.rent_unpaid'),
        eq(a.targetId, row.id),
        gte(a.at, row.paidUntil),
      ),
    )
    .limit(1);
  if (told) return false;
  const releaseAt = new Date(row.paidUntil.getTime() + UNPAID_GRACE_MS);
  await recordAudit(
    deps.db,
    {
      orgId: row.orgId,
      actor: { type: 'system', id: null },
      action: 'number.rent_unpaid',
      target: { type: 'phone_number', id: row.id },
      after: { number: row.number, release_at: releaseAt.toISOString() },
    },
    now,
  );
  const link = `${deps.origin}/console/orgs/${row.orgId}/billing`;
  const fee = `$${(row.monthlyFeeMicros / 1e6).toFixed(2)}`;
  await mailOwners(deps, row.orgId, {
    subject: `Rent unpaid: ${row.number} will be released on ${releaseAt.toISOString().slice(0, 10)}`,
    text: [
      `The wallet of organization ${row.orgId} cannot pay the next month of ${row.number} (${fee}).`,
      `We try again every few minutes; if it still cannot pay by ${releaseAt.toISOString()},`,
      'the number is released and calls to it reach no one.',
      '',
      `Add funds: ${link}`,
    ].join('\n'),
    links: [link],
  });
  return true;
}
