import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '../platform/errors/api-error';
import { isCheckViolation, isUniqueViolation, schema } from '../adapters/db';
import type { LedgerKind } from '../adapters/db/schema';
import type { Executor } from '../adapters/db/types';

export interface LedgerEntry {
  orgId: string;
  kind: LedgerKind;
  /** Signed micro-dollars: positive adds to the wallet, negative spends. */
  amountMicros: number;
  /** A kind+reference pair is applied at most once (a call is charged once). */
  reference?: string;
  /** New speech: refused with WALLET_IN_DEBT while the org owes (a refund or dispute). */
  refuseInDebt?: boolean;
  /** The API key whose request caused the change (speech, its refund); NULL otherwise. */
  keyId?: string | null;
  now: Date;
}

export type LedgerResult =
  { applied: true; balanceMicros: number } | { applied: false; reason: 'already_applied' };

/**
 * A direct charge or refund (speech, which takes its whole price up front and gives back what was
 * not spoken) and its ledger row, in one transaction (a savepoint when `db` is already a
 * transaction, so it commits or rolls back with the caller's other writes). The balance CHECKs in
 * the database refuse a change that would make it negative or dip into what calls hold, whatever
 * runs concurrently (402 INSUFFICIENT_BALANCE).
 */
export async function applyLedgerEntry(db: Executor, entry: LedgerEntry): Promise<LedgerResult> {
  try {
    return await db.transaction(async (tx) => {
      const isDeposit = entry.kind === 'deposit';
      const isStartingCredit = entry.kind === 'starting_credit';
      const [org] = await tx
        .update(schema.organizations)
        .set({
          balanceMicros: sql`${schema.organizations.balanceMicros} + ${entry.amountMicros}`,
          ...(isDeposit
            ? {
                depositsMicros: sql`${schema.organizations.depositsMicros} + ${entry.amountMicros}`,
              }
            : {}),
          ...(isStartingCredit
            ? {
                startingCreditMicros: sql`${schema.organizations.startingCreditMicros} + ${entry.amountMicros}`,
              }
            : {}),
        })
        .where(
          and(
            eq(schema.organizations.id, entry.orgId),
            entry.refuseInDebt ? eq(schema.organizations.owedMicros, 0) : undefined,
          ),
        )
        .returning({ balanceMicros: schema.organizations.balanceMicros });
      if (!org && entry.refuseInDebt && (await orgExists(tx, entry.orgId)))
        throw new ApiError('WALLET_IN_DEBT');
      if (!org) throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
      await tx.insert(schema.walletLedger).values({
        orgId: entry.orgId,
        kind: entry.kind,
        amountMicros: entry.amountMicros,
        balanceAfterMicros: org.balanceMicros,
        reference: entry.reference ?? null,
        keyId: entry.keyId ?? null,
        createdAt: entry.now,
      });
      return { applied: true as const, balanceMicros: org.balanceMicros };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { applied: false, reason: 'already_applied' };
    if (isCheckViolation(error)) throw new ApiError('INSUFFICIENT_BALANCE', { cause: error });
    throw error;
  }
}

async function orgExists(tx: Executor, orgId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: schema.organizations.id })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, orgId));
  return rows.length > 0;
}
