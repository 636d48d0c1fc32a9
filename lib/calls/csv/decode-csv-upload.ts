import { ApiError } from '../../platform/errors/api-error';

export const csvUnreadable = (message: string) =>
  new ApiError('CSV_UNREADABLE', { message, field: 'file' });

/**
 * The text of an uploaded file: UTF-8, with or without a byte-order mark. UTF-16 (what some
 * spreadsheets call "Unicode text") and binary files are refused by name, not parsed as garbage.
 * `outcome` ends each message: what the refusal left as it was ("nothing was created").
 */
export function decodeCsvUpload(bytes: Uint8Array, outcome: string): string {
  if (bytes.length === 0) throw csvUnreadable(`The file is empty; ${outcome}.`);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw csvUnreadable(
      `The file is UTF-16 text; ${outcome}. Save it as "CSV UTF-8" and import it again.`,
    );
  }
  if (bytes.includes(0)) {
    throw csvUnreadable(`The file is not text (it holds NUL bytes), so it is not CSV; ${outcome}.`);
  }
  const body =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw csvUnreadable(
      `The file is not UTF-8 text; ${outcome}. Save it as "CSV UTF-8" and import it again.`,
    );
  }
}
