import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AutoTopUpResponse } from '@/schemas/auto-top-up';
import { schema, type Db } from '../../../adapters/db';
import { getOrgOrThrow } from '../../../accounts';
import { microsToUsd } from '../../../platform/money';
import { DAILY_ATTEMPTS } from './types';

const attempts = schema.autoTopUpAttempts;

/** Attempts that move (or may move) money: they count toward the monthly cap. */
export const chargingStatuses = ['claimed', 'pending', 'succeeded'] as const;

export const utcDayStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
export const utcMonthStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The org's settings, balance, what the caps have left and the latest attempts. */
export async function readAutoTopUp(
  db: Db,
  input: { orgId: string; provider: 'stripe' | 'sandbox'; now: Date },
): Promise<AutoTopUpResponse> {
  const org = await getOrgOrThrow(db, input.orgId);
  const [settings] = await db
    .select()
    .from(schema.autoTopUpSettings)
    .where(eq(schema.autoTopUpSettings.orgId, input.orgId));
  const [today] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attempts)
    .where(and(eq(attempts.orgId, input.orgId), gte(attempts.createdAt, utcDayStart(input.now))));
  const [month] = await db
    .select({ micros: sql<string>`coalesce(sum(${attempts.amountMicros}), 0)` })
    .from(attempts)
    .where(
      and(
        eq(attempts.orgId, input.orgId),
        gte(attempts.createdAt, utcMonthStart(input.now)),
        inArray(attempts.status, chargingStatuses),
      ),
    );
  const latest = await db
    .select()
    .from(attempts)
    .where(eq(attempts.orgId, input.orgId))
    .orderBy(desc(attempts.createdAt))
    .limit(10);
  return {
    settings: settings
      ? {
          enabled: settings.enabled,
          threshold_usd: microsToUsd(settings.thresholdMicros),
          amount_usd: microsToUsd(settings.amountMicros),
          monthly_cap_usd: microsToUsd(settings.monthlyCapMicros),
          low_balance_usd:
            settings.lowBalanceMicros === null ? null : microsToUsd(settings.lowBalanceMicros),
          consecutive_failures: settings.consecutiveFailures,
          updated_at: settings.updatedAt.toISOString(),
        }
      : null,
    provider: input.provider,
    balance_usd: microsToUsd(org.balanceMicros),
    max_recharges_per_day: DAILY_ATTEMPTS,
    recharges_today: today?.n ?? 0,
    charged_this_month_usd: microsToUsd(Number(month?.micros ?? 0)),
    attempts: latest.map((a) => ({
      attempt_id: a.id,
      time: a.createdAt.toISOString(),
      amount_usd: microsToUsd(a.amountMicros),
      status: a.status,
      failure: a.failure,
      payment_intent_id: a.paymentIntentId,
    })),
  };
}
