import type { Db } from '../../adapters/db';
import { formatUsd, ledgerRows, type LedgerRange, type LedgerRow } from './ledger-rows';

/** Rows fetched per query: memory stays flat however long the range. */
const BATCH = 2000;

export const LEDGER_CSV_HEADER =
  'id,time,kind,amount_usd,balance_after_usd,owed_change_usd,reference,key_id,receipt_url\n';

// RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet never runs a cell as a formula.
function cell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function ledgerCsvLine(row: LedgerRow): string {
  return `${[
    String(row.id),
    row.createdAt.toISOString(),
    row.kind,
    formatUsd(row.amountMicros),
    formatUsd(row.balanceAfterMicros),
    row.owedChangeMicros === null ? '' : formatUsd(row.owedChangeMicros),
    cell(row.reference),
    cell(row.keyId),
    cell(row.receiptUrl),
  ].join(',')}\n`;
}

/**
 * The same rows as GET /v1/billing/ledger, newest first, as CSV for a date range, read in keyset
 * batches as the client consumes them (a slow reader holds one batch, never the whole range).
 */
export function streamLedgerCsv(
  db: Db,
  orgId: string,
  range: LedgerRange,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let beforeId: number | undefined;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(LEDGER_CSV_HEADER));
          return;
        }
        const rows = await ledgerRows(db, orgId, { ...range, beforeId, limit: BATCH });
        if (rows.length > 0) {
          beforeId = rows[rows.length - 1]!.id;
          controller.enqueue(encoder.encode(rows.map(ledgerCsvLine).join('')));
        }
        if (rows.length < BATCH) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
