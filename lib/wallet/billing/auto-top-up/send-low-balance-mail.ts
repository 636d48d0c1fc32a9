import { and, eq, gte, isNotNull, lt, or, isNull, sql } from 'drizzle-orm';
import { schema } from '../../../adapters/db';
import { microsToUsd } from '../../../platform/money';
import { mailOwners } from '../../../accounts';
import { settingsPath, type AutoTopUpDeps } from './types';

const s = schema.autoTopUpSettings;
const o = schema.organizations;

/**
 * Low-balance mail, once per crossing: an armed org whose balance is under its threshold is
 * disarmed by one UPDATE (so of several instances only one mails), and re-armed once the balance
 * is back at or above it. Returns how many orgs were mailed.
 */
export async function sendLowBalanceMail(
  deps: Pick<AutoTopUpDeps, 'db' | 'mailer' | 'origin'>,
): Promise<number> {
  await deps.db
    .update(s)
    .set({ lowBalanceArmed: true })
    .from(o)
    .where(
      and(
        eq(o.id, s.orgId),
        eq(s.lowBalanceArmed, false),
        or(isNull(s.lowBalanceMicros), gte(o.balanceMicros, s.lowBalanceMicros)),
      ),
    );
  const crossed = await deps.db
    .update(s)
    .set({ lowBalanceArmed: false })
    .from(o)
    .where(
      and(
        eq(o.id, s.orgId),
        eq(s.lowBalanceArmed, true),
        isNotNull(s.lowBalanceMicros),
        lt(o.balanceMicros, s.lowBalanceMicros),
      ),
    )
    .returning({
      orgId: s.orgId,
      balance: o.balanceMicros,
      threshold: sql<number>`${s.lowBalanceMicros}::bigint`,
    });
  for (const org of crossed) {
    const link = `${deps.origin}${settingsPath(org.orgId)}`;
    await mailOwners(deps, org.orgId, {
      subject: `Low balance: $${microsToUsd(org.balance).toFixed(2)} left`,
      text: [
        `The wallet of organization ${org.orgId} is down to $${microsToUsd(org.balance).toFixed(2)},`,
        `under the $${microsToUsd(Number(org.threshold)).toFixed(2)} you asked us to watch.`,
        'We mail once per crossing; the next one comes after the balance is back above it.',
        '',
        `Add funds or change the alert: ${link}`,
      ].join('\n'),
      links: [link],
    });
  }
  return crossed.length;
}
