import { eq } from 'drizzle-orm';
import type { AutoTopUpRequest, AutoTopUpResponse } from '@/schemas/auto-top-up';
import { recordAudit, type AuditActor } from '../../../accounts';
import { schema } from '../../../adapters/db';
import { isTransactionConflict } from '../../../platform/errors/pg-errors';
import { ApiError } from '../../../platform/errors/api-error';
import { microsToUsd, usdToMicros } from '../../../platform/money';
import type { BillingDeps } from '../types';
import { readAutoTopUp } from './read-auto-top-up';

const table = schema.autoTopUpSettings;

/**
 * Saves an org's auto top-up and low-balance settings (audited, before and after). When auto
 * top-up is on and the balance is already under the threshold, saving charges at once, so it is
 * refused with AUTO_TOP_UP_CONFIRM_REQUIRED (nothing saved) unless the caller confirmed.
 */
export async function saveAutoTopUp(
  deps: Pick<BillingDeps, 'db' | 'payments' | 'clock' | 'settings'>,
  input: AutoTopUpRequest & { orgId: string },
  actor: AuditActor,
): Promise<AutoTopUpResponse> {
  const now = new Date(deps.clock.now());
  const amountMicros = usdToMicros(input.amount_usd);
  const { minTopUpMicros, maxTopUpMicros } = deps.settings;
  if (amountMicros < minTopUpMicros || amountMicros > maxTopUpMicros)
    throw new ApiError('INVALID_BODY', {
      field: 'amount_usd',
      message: `amount_usd: a recharge is between ${microsToUsd(minTopUpMicros)} and ${microsToUsd(maxTopUpMicros)} USD.`,
    });
  const values = {
    enabled: input.enabled,
    thresholdMicros: usdToMicros(input.threshold_usd),
    amountMicros,
    monthlyCapMicros: usdToMicros(input.monthly_cap_usd),
    lowBalanceMicros: input.low_balance_usd === null ? null : usdToMicros(input.low_balance_usd),
    updatedAt: now,
  };
  await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      // NO KEY UPDATE, as a balance change takes: it still orders saves against charges and
      // credits, but not against the KEY SHARE that a new attempt's or audit row's foreign key takes
      // on the org while the scheduler holds this org's settings row (FOR UPDATE here deadlocked).
      const [org] = await tx
        .select({ balance: schema.organizations.balanceMicros })
        .from(schema.organizations)
        .where(eq(schema.organizations.id, input.orgId))
        .for('no key update');
      if (!org) throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
      const [before] = await tx
        .select()
        .from(table)
        .where(eq(table.orgId, input.orgId))
        .for('update');
      if (values.enabled && org.balance < values.thresholdMicros && !input.confirm_charge_now)
        throw new ApiError('AUTO_TOP_UP_CONFIRM_REQUIRED', {
          message: `The balance (${microsToUsd(org.balance)} USD) is under the threshold (${input.threshold_usd} USD): saving charges ${input.amount_usd} USD to the saved card now. Send confirm_charge_now: true to go ahead.`,
        });
      const row = {
        ...values,
        // Turning it on (again) starts a fresh count of declines; a new crossing is awaited.
        ...(values.enabled && !before?.enabled ? { consecutiveFailures: 0 } : {}),
        lowBalanceArmed: values.lowBalanceMicros === null || org.balance >= values.lowBalanceMicros,
      };
      await tx
        .insert(table)
        .values({ orgId: input.orgId, ...row })
        .onConflictDoUpdate({ target: table.orgId, set: row });
      await recordAudit(
        tx,
        {
          orgId: input.orgId,
          actor,
          action: 'billing.auto_top_up.update',
          target: { type: 'organization', id: input.orgId },
          before: before ? auditShape(before) : null,
          after: auditShape(values),
        },
        now,
      );
    }),
  );
  return readAutoTopUp(deps.db, { orgId: input.orgId, provider: deps.payments.kind, now });
}

/** Attempts at a save Postgres rolled back for a deadlock or serialization failure. */
const CONFLICT_ATTEMPTS = 3;

/**
 * Runs the save's transaction again when Postgres rolled it back to break a deadlock with a
 * scheduler or wallet transaction on the same org (nothing of it was kept). The last conflict
 * propagates; the HTTP layer answers it 503 SERVICE_UNAVAILABLE with Retry-After.
 */
async function retryOnConflict(run: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isTransactionConflict(error)) throw error;
    }
  }
}

function auditShape(s: {
  enabled: boolean;
  thresholdMicros: number;
  amountMicros: number;
  monthlyCapMicros: number;
  lowBalanceMicros: number | null;
}) {
  return {
    enabled: s.enabled,
    threshold_usd: microsToUsd(s.thresholdMicros),
    amount_usd: microsToUsd(s.amountMicros),
    monthly_cap_usd: microsToUsd(s.monthlyCapMicros),
    low_balance_usd: s.lowBalanceMicros === null ? null : microsToUsd(s.lowBalanceMicros),
  };
}
