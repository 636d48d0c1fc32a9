import { stringify } from 'csv-stringify/sync';
import { DNC_MAX_NUMBERS } from '@/schemas/calling-rules';
import { E164 } from '@/schemas/phone';
import { ApiError, type ErrorProblem } from '../../platform/errors/api-error';
import { csvUnreadable, decodeCsvUpload } from '../csv/decode-csv-upload';
import { parseCsvRecords } from '../csv/parse-csv-records';
import { recordAudit, type AuditActor } from '../../accounts';
import type { Db, Executor } from '@/lib/adapters/db';
import { addDncNumbers, listDncNumbers } from './dnc-list';

/** The largest do-not-call file the console takes: 10,000 numbers with reasons fit easily. */
export const MAX_DNC_CSV_BYTES = 2 * 1024 * 1024;
const NOTHING = 'nothing was changed';

/** Columns of an export, in order; an import reads `number` and `reason` of the same header. */
export const DNC_CSV_COLUMNS = ['number', 'reason', 'source', 'call_id', 'created_at'] as const;

export interface DncCsvRow {
  number: string;
  reason: string | null;
}

/**
 * The numbers of a do-not-call CSV, every line checked before anything is listed. With a header
 * naming `number` (an export, or a sheet of one's own) its `number` and `reason` columns are read;
 * without one, each line's first cell is the number. A leading apostrophe, which our exports put
 * before `+` so spreadsheets do not read it as a formula, is dropped.
 */
export function parseDncCsv(bytes: Uint8Array): DncCsvRow[] {
  if (bytes.length > MAX_DNC_CSV_BYTES) {
    throw new ApiError('PAYLOAD_TOO_LARGE', {
      message: `The file is larger than 2 MB; ${NOTHING}.`,
      hint: `Split it into files of at most ${DNC_MAX_NUMBERS.toLocaleString('en-US')} numbers.`,
      field: 'file',
    });
  }
  const text = decodeCsvUpload(bytes, NOTHING);
  const records = parseCsvRecords(text, NOTHING);
  const head = (records[0]?.record ?? []).map((cell) => cell.trim().toLowerCase());
  const hasHeader = head.includes('number');
  const numberAt = hasHeader ? head.indexOf('number') : 0;
  const reasonAt = hasHeader ? head.indexOf('reason') : -1;
  const rows = hasHeader ? records.slice(1) : records;
  if (rows.length === 0) throw csvUnreadable(`The file lists no numbers; ${NOTHING}.`);
  if (rows.length > DNC_MAX_NUMBERS) {
    throw new ApiError('CSV_TOO_MANY_ROWS', {
      message: `The file has ${rows.length.toLocaleString('en-US')} numbers; one import takes at most ${DNC_MAX_NUMBERS.toLocaleString('en-US')}. Nothing was changed.`,
      field: 'file',
    });
  }
  const problems: ErrorProblem[] = [];
  const parsed: DncCsvRow[] = [];
  for (const { record, info } of rows) {
    const written = (record[numberAt] ?? '').trim().replace(/^'/, '');
    const number = E164.safeParse(written);
    if (!number.success) {
      const shown = written === '' ? 'is empty' : `"${written}"`;
      problems.push({
        line: info.lines,
        reason: `number ${shown}: ${number.error.issues[0]?.message ?? 'is not a phone number'}`,
      });
      continue;
    }
    const reason = reasonAt >= 0 ? (record[reasonAt] ?? '').trim().slice(0, 500) : '';
    parsed.push({ number: number.data, reason: reason === '' ? null : reason });
  }
  if (problems.length > 0) {
    throw new ApiError('CSV_ROWS_INVALID', {
      message: `${problems.length} ${problems.length === 1 ? 'line is' : 'lines are'} not valid; ${NOTHING}. Fix them and import the file again.`,
      field: 'file',
      problems,
    });
  }
  return parsed;
}

/** Lists a file's numbers in one transaction with one audit entry; listed numbers stay as they are. */
export async function importDncCsv(
  db: Db,
  { orgId, bytes }: { orgId: string; bytes: Uint8Array },
  actor: AuditActor,
  now: Date,
): Promise<{ added: number; already_listed: number }> {
  const rows = parseDncCsv(bytes);
  const byReason = new Map<string | null, string[]>();
  for (const row of rows)
    byReason.set(row.reason, [...(byReason.get(row.reason) ?? []), row.number]);
  return db.transaction(async (tx) => {
    let added = 0;
    for (const [reason, numbers] of byReason) {
      added += (await addDncNumbers(tx, { orgId, numbers, reason, source: 'import' }, now)).added;
    }
    const unique = new Set(rows.map((row) => row.number)).size;
    const outcome = { added, already_listed: unique - added };
    await recordAudit(
      tx,
      {
        orgId,
        actor,
        action: 'dnc.add',
        after: {
          ...outcome,
          source: 'import',
          numbers: rows.slice(0, 20).map((r) => r.number),
          count: rows.length,
        },
      },
      now,
    );
    return outcome;
  });
}

const PAGE = 1000;

/**
 * The organization's list as CSV, page by page in number order. Cells starting with = + - @ get
 * a leading apostrophe (csv-stringify's escape_formulas): every number starts with +.
 */
export function streamDncCsv(db: Executor, orgId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      const page = await listDncNumbers(db, orgId, { cursor, limit: PAGE });
      const rows = page.numbers.map((entry) =>
        DNC_CSV_COLUMNS.map((column) => entry[column] ?? ''),
      );
      const lines = stringify(started ? rows : [[...DNC_CSV_COLUMNS], ...rows], {
        escape_formulas: true,
      });
      started = true;
      if (lines !== '') controller.enqueue(encoder.encode(lines));
      if (page.next_cursor === null) controller.close();
      else cursor = page.next_cursor;
    },
  });
}
