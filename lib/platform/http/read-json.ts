import type { ErrorCode } from '../errors/error-codes';
import { ApiError } from '../errors/api-error';
import { readLimited } from './read-limited';

/** The largest JSON body any route accepts. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

const tooLarge = () =>
  new ApiError('PAYLOAD_TOO_LARGE', {
    hint: `Send at most ${MAX_JSON_BODY_BYTES} bytes of JSON.`,
  });

// JSON is UTF-8 (RFC 8259). A lenient decoder would turn bytes that are not into U+FFFD, and
// the request would be stored as something the client never sent. The BOM is kept, so a body
// that starts with one stays invalid JSON, as before.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads a JSON body; anything unreadable is a 400, `INVALID_BODY` unless a route names another
 * 4xx (a body the client sent wrong is never the server's failure).
 */
export async function readJson(
  request: Request,
  code: ErrorCode = 'INVALID_BODY',
): Promise<unknown> {
  const bytes = await readLimited(request, MAX_JSON_BODY_BYTES, tooLarge, code);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ApiError(code, { message: 'The request body is not valid UTF-8.' });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(code, { message: 'The request body is not valid JSON.' });
  }
}
