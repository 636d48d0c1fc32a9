import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';

const l = schema.walletLedger;
const t = schema.topUps;

export interface LedgerRange {
  /** Inclusive lower bound of the rows' time. */
  from?: Date;
  /** Exclusive upper bound of the rows' time. */
  to?: Date;
}

export type LedgerRow = Awaited<ReturnType<typeof ledgerRows>>[number];

/**
 * Up to `limit` ledger rows of an org, newest first, below the row id `beforeId` (keyset paging:
 * every page is one index range scan, however deep). A deposit carries Stripe's receipt link.
 */
export function ledgerRows(
  db: Db,
  orgId: string,
  query: LedgerRange & { beforeId?: number; limit: number },
) {
  return db
    .select({
      id: l.id,
      createdAt: l.createdAt,
      kind: l.kind,
      amountMicros: l.amountMicros,
      balanceAfterMicros: l.balanceAfterMicros,
      owedChangeMicros: l.owedChangeMicros,
      reference: l.reference,
      keyId: l.keyId,
      receiptUrl: t.receiptUrl,
    })
    .from(l)
    .leftJoin(
      t,
      and(
        eq(l.kind, 'deposit'),
        eq(t.orgId, l.orgId),
        or(eq(t.paymentIntentId, l.reference), eq(t.checkoutSessionId, l.reference)),
      ),
    )
    .where(
      and(
        eq(l.orgId, orgId),
        query.beforeId === undefined ? undefined : lt(l.id, query.beforeId),
        query.from ? gte(l.createdAt, query.from) : undefined,
        query.to ? lt(l.createdAt, query.to) : undefined,
      ),
    )
    .orderBy(desc(l.id))
    .limit(query.limit);
}

/** Micro-dollars as an exact decimal string of US dollars (no floating point on the way). */
export function formatUsd(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  return `${sign}${Math.floor(abs / 1_000_000)}.${String(abs % 1_000_000).padStart(6, '0')}`;
}

export const ledgerCount = (db: Db, orgId: string) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(l)
    .where(eq(l.orgId, orgId));
