import { parse, CsvError } from 'csv-parse/sync';
import { csvUnreadable } from './decode-csv-upload';

/** One CSV record with the line it ended on (for messages that name the line). */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/**
 * The records of an uploaded CSV's text, rows of any length, empty lines skipped. Text that is not
 * CSV is refused naming the line; `outcome` says what the refusal left as it was.
 */
export function parseCsvRecords(text: string, outcome: string): CsvRecord[] {
  try {
    // With `info` each record comes wrapped with where it ended; the typings do not model that.
    return parse(text, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines;
    const then = outcome.charAt(0).toUpperCase() + outcome.slice(1);
    throw csvUnreadable(
      `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${error.message}. ${then}.`,
    );
  }
}
