import { ApiError } from '../../platform/errors/api-error';
import type { Db } from '../../adapters/db';
import { microsToUsd } from '../../platform/money';
import { ledgerRows, type LedgerRange, type LedgerRow } from './ledger-rows';

/** One ledger row as the API shows it. */
export function renderLedgerRow(row: LedgerRow) {
  return {
    id: String(row.id),
    time: row.createdAt.toISOString(),
    kind: row.kind,
    amount_usd: microsToUsd(row.amountMicros),
    balance_after_usd: microsToUsd(row.balanceAfterMicros),
    owed_change_usd: row.owedChangeMicros === null ? null : microsToUsd(row.owedChangeMicros),
    reference: row.reference,
    key_id: row.keyId,
    receipt_url: row.receiptUrl,
  };
}

/** A cursor is the id of the last row of the previous page. */
export function parseLedgerCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[1-9]\d{0,15}$/.test(cursor))
    throw new ApiError('INVALID_QUERY', {
      field: 'cursor',
      message: 'cursor: not a cursor we gave.',
    });
  return Number(cursor);
}

/** GET /v1/billing/ledger: a page of every wallet change, newest first. */
export async function listLedger(
  db: Db,
  orgId: string,
  query: LedgerRange & { cursor?: string; limit: number },
) {
  const rows = await ledgerRows(db, orgId, {
    ...query,
    beforeId: parseLedgerCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return {
    entries: page.map(renderLedgerRow),
    count: page.length,
    next_cursor: more ? String(page[page.length - 1]!.id) : null,
  };
}
