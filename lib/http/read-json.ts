import type { ErrorCode } from './error-codes';
import { ApiError } from './api-error';
import { readLimited } from './read-limited';

/** The largest JSON body any route accepts. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

const tooLarge = () =>
  new ApiError('PAYLOAD_TOO_LARGE', {
    hint: `Send at most ${MAX_JSON_BODY_BYTES} bytes of JSON.`,
  });

/** Reads a JSON body; anything unreadable becomes `code` (the spec picks it per endpoint). */
export async function readJson(request: Request, code: ErrorCode): Promise<unknown> {
  const text = (await readLimited(request, MAX_JSON_BODY_BYTES, tooLarge, code)).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(code, { message: 'The request body is not valid JSON.' });
  }
}
