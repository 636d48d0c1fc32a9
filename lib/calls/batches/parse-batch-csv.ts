import { MAX_BATCH_ROWS } from '@/schemas/batches';
import { E164 } from '@/schemas/phone';
import { promptPlaceholders } from '../fill-placeholders';
import { ApiError, type ErrorProblem } from '../../platform/errors/api-error';
import { csvUnreadable, decodeCsvUpload } from '../csv/decode-csv-upload';
import { parseCsvRecords } from '../csv/parse-csv-records';

/** The largest file the console takes: 10,000 rows with a few long placeholders fit easily. */
export const MAX_BATCH_CSV_BYTES = 10 * 1024 * 1024;

export type BatchCsvRow = { phone_number: string } & Record<string, string>;

const unreadable = csvUnreadable;

/** Why one row cannot become a call, or null when it can. */
function rowProblem(cells: string[], header: string[], placeholders: string[]): string | null {
  if (cells.length !== header.length) {
    return `has ${cells.length} cells where the header has ${header.length}`;
  }
  const values = Object.fromEntries(header.map((name, i) => [name, cells[i]!.trim()]));
  const number = E164.safeParse(values.phone_number);
  if (!number.success) {
    const written = values.phone_number === '' ? 'is empty' : `"${values.phone_number}"`;
    return `phone_number ${written}: ${number.error.issues[0]?.message ?? 'is not a phone number'}`;
  }
  const empty = placeholders.filter((name) => values[name] === '');
  if (empty.length > 0) {
    return `${empty.join(', ')} ${empty.length === 1 ? 'is' : 'are'} empty, but the prompt uses ${empty.map((n) => `{{${n}}}`).join(', ')}`;
  }
  return null;
}

/**
 * The rows of a batch CSV file, every one checked before anything is created: a header line with
 * `phone_number` and a column for each `{{placeholder}}` of the prompt, then one call per line.
 * Cells are kept as written, trimmed (a cell such as `=HYPERLINK(…)` is stored as text; our CSV exports
 * neutralise it). Bad rows are all reported at once with their line numbers (CSV_ROWS_INVALID).
 */
export function parseBatchCsv(bytes: Uint8Array, basePrompt: string): BatchCsvRow[] {
  if (bytes.length > MAX_BATCH_CSV_BYTES) {
    throw new ApiError('PAYLOAD_TOO_LARGE', {
      message: 'The file is larger than 10 MB; nothing was created.',
      hint: 'Split the rows into smaller files (at most 10,000 rows each).',
      field: 'file',
    });
  }
  const text = decodeCsvUpload(bytes, 'nothing was created');
  const records = parseCsvRecords(text, 'nothing was created');
  const [head, ...rows] = records;
  const header = (head?.record ?? []).map((name) => name.trim());
  if (!header.includes('phone_number')) {
    throw unreadable(
      'The first line must be a header naming the columns, phone_number among them; nothing was created. Download the template to start from.',
    );
  }
  const duplicate = header.find((name, i) => header.indexOf(name) !== i);
  if (duplicate !== undefined) {
    throw unreadable(`The header names the column "${duplicate}" twice; nothing was created.`);
  }
  if (rows.length === 0)
    throw unreadable('The file has a header but no rows; nothing was created.');
  if (rows.length > MAX_BATCH_ROWS) {
    throw new ApiError('CSV_TOO_MANY_ROWS', {
      message: `The file has ${rows.length.toLocaleString('en-US')} rows; a batch holds at most ${MAX_BATCH_ROWS.toLocaleString('en-US')}. Nothing was created.`,
      field: 'file',
    });
  }
  const placeholders = promptPlaceholders(basePrompt);
  const missing = placeholders.filter((name) => !header.includes(name));
  const problems: ErrorProblem[] = missing.map((name) => ({
    line: head!.info.lines,
    reason: `no column "${name}" for the prompt's {{${name}}}`,
  }));
  for (const { record, info } of rows) {
    const reason = rowProblem(record, header, missing.length > 0 ? [] : placeholders);
    if (reason) problems.push({ line: info.lines, reason });
  }
  if (problems.length > 0) {
    const rowsWord = problems.length === 1 ? 'line is' : 'lines are';
    throw new ApiError('CSV_ROWS_INVALID', {
      message: `${problems.length} ${rowsWord} not valid; nothing was created. Fix them and import the file again.`,
      field: 'file',
      problems,
    });
  }
  return rows.map(
    ({ record }) =>
      Object.fromEntries(header.map((name, i) => [name, record[i]!.trim()])) as BatchCsvRow,
  );
}
