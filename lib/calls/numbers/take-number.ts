import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { isUniqueViolation, schema, type Db, type Executor } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { applyLedgerEntry } from '../../wallet';
import type { NumberRow } from './find-number';

/** One calendar month after `from` (the rent's period), in UTC. */
export function monthAfter(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * Before the carrier is asked (it bills the service at once): the wallet can pay a month's rent
 * free of what calls hold, and owes nothing; a number from the carrier (`carrier`) also needs an
 * organization that has paid a deposit, as a real call does, not one spending its starting
 * credit (402 DEPOSIT_REQUIRED). The charge itself is checked again when it is made.
 */
export async function assertCanPayRent(
  db: Executor,
  orgId: string,
  feeMicros: number,
  { carrier }: { carrier: boolean },
) {
  const o = schema.organizations;
  const [org] = await db
    .select({
      balance: o.balanceMicros,
      held: o.heldMicros,
      owed: o.owedMicros,
      deposits: o.depositsMicros,
    })
    .from(o)
    .where(eq(o.id, orgId));
  if (!org) throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
  if (carrier && org.deposits <= 0) {
    throw new ApiError('DEPOSIT_REQUIRED', {
      message:
        'Numbers from the carrier are rented only to organizations that have paid a deposit; the starting credit covers sandbox numbers.',
    });
  }
  if (org.owed > 0) throw new ApiError('WALLET_IN_DEBT');
  if (feeMicros > 0 && org.balance - org.held < feeMicros) {
    throw new ApiError('INSUFFICIENT_BALANCE', {
      message: `A number's first month costs $${(feeMicros / 1e6).toFixed(2)}; the wallet cannot pay it.`,
    });
  }
}

/** The month of rent `period` (1 at purchase) of number `id`, charged once with its ledger row. */
export async function chargeRent(
  tx: Executor,
  row: Pick<NumberRow, 'id' | 'orgId' | 'monthlyFeeMicros'>,
  period: number,
  now: Date,
) {
  if (row.monthlyFeeMicros <= 0) return;
  await applyLedgerEntry(tx, {
    orgId: row.orgId,
    kind: 'number_rent',
    amountMicros: -row.monthlyFeeMicros,
    reference: `number:${row.id}:${period}`,
    refuseInDebt: true,
    now,
  });
}

/**
 * The organization takes `number`: its row, the first month's rent from the wallet (402
 * INSUFFICIENT_BALANCE rolls everything back) and an audit entry, in one transaction. A number
 * another organization holds is refused (409 NUMBER_TAKEN), whoever got there first.
 */
export async function takeNumber(
  db: Db,
  input: {
    orgId: string;
    number: string | ((tx: Executor) => Promise<string>);
    source: NumberRow['source'];
    carrierSid: string | null;
    feeMicros: number;
    actor: AuditActor;
  },
  now: Date,
): Promise<NumberRow> {
  try {
    return await db.transaction(async (tx) => {
      const number = typeof input.number === 'string' ? input.number : await input.number(tx);
      const id = randomUUID();
      const [row] = await tx
        .insert(schema.phoneNumbers)
        .values({
          id,
          orgId: input.orgId,
          number,
          source: input.source,
          carrierSid: input.carrierSid,
          monthlyFeeMicros: input.feeMicros,
          paidUntil: monthAfter(now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await chargeRent(tx, row!, 1, now);
      await recordAudit(
        tx,
        {
          orgId: input.orgId,
          actor: input.actor,
          action: input.source === 'imported' ? 'number.import' : 'number.buy',
          target: { type: 'phone_number', id },
          after: { number, source: input.source, monthly_fee_micros: input.feeMicros },
        },
        now,
      );
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('NUMBER_TAKEN', { field: 'number' });
    throw error;
  }
}
