import { stringify } from 'csv-stringify/sync';
import type { ConsoleCallFilters } from '@/schemas/console';
import { type CallDeps, listCallPage } from '../calls';
import { callFilterQuery } from './call-filter-query';

type CallItem = Awaited<ReturnType<typeof listCallPage>>['calls'][number];

/** Exported columns, in order: the list's fields a spreadsheet can use. */
const columns = [
  'call_id',
  'created_at',
  'to',
  'from',
  'status',
  'call_ended_by',
  'answered_by',
  'corrected_duration',
  'price',
  'batch_id',
  'error_message',
  'summary',
  'metadata',
] as const;

/**
 * CSV text for some calls. Cells starting with =, +, -, @ (or tab, CR) get a leading apostrophe
 * (csv-stringify's escape_formulas), so a spreadsheet shows them instead of running them.
 */
export function callsCsv(calls: CallItem[], header: boolean): string {
  const rows = calls.map((call) =>
    columns.map((column) => {
      const value = call[column];
      if (value === null || value === undefined) return '';
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }),
  );
  return stringify(header ? [[...columns], ...rows] : rows, { escape_formulas: true });
}

const PAGE = 500;

/**
 * The filtered calls as a CSV stream, read page by page through the same listing as GET /v1/calls.
 * The first page is read before the stream starts, so a bad cursor is a 400, not a broken download.
 */
export async function streamCallsCsv(
  deps: Pick<CallDeps, 'db' | 'clock' | 'settings'>,
  orgId: string,
  filters: ConsoleCallFilters,
  origin: string,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const read = (cursor: string | undefined) =>
    listCallPage(deps, orgId, callFilterQuery({ ...filters, cursor }, PAGE), origin);
  let page = await read(filters.cursor);
  let first = true;
  return new ReadableStream({
    async pull(controller) {
      controller.enqueue(encoder.encode(callsCsv(page.calls, first)));
      first = false;
      if (page.next_cursor) page = await read(page.next_cursor);
      else controller.close();
    },
  });
}
