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
export function callsCsv(
  calls: CallItem[],
  header: boolean,
  analysisFields: string[] = [],
): string {
  const cell = (value: unknown) => {
    if (value === null || value === undefined) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  const rows = calls.map((call) => [
    ...columns.map((column) => cell(call[column])),
    ...analysisFields.map((field) => cell(call.analysis?.[field])),
  ]);
  const names = [...columns, ...analysisFields.map((field) => `analysis.${field}`)];
  return stringify(header ? [names, ...rows] : rows, { escape_formulas: true });
}

/**
 * The analysis fields of a batch's calls, as columns: the fields their analysis_schema names
 * (every call of a batch shares one; a call analyzed again may add its own), in schema order.
 */
export function analysisFieldsOf(calls: CallItem[]): string[] {
  const names = new Set<string>();
  for (const call of calls) {
    const properties = call.analysis_schema?.properties;
    if (properties && typeof properties === 'object')
      for (const name of Object.keys(properties)) names.add(name);
  }
  return [...names];
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
  // One batch named: its analysis fields are columns too, fixed by the first page (a header is
  // written once).
  const fields = filters.batch_id ? analysisFieldsOf(page.calls) : [];
  return new ReadableStream({
    async pull(controller) {
      controller.enqueue(encoder.encode(callsCsv(page.calls, first, fields)));
      first = false;
      if (page.next_cursor) page = await read(page.next_cursor);
      else controller.close();
    },
  });
}
