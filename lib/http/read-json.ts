import type { ErrorCode } from './error-codes';
import { ApiError } from './api-error';

const MAX_BODY_BYTES = 256 * 1024;

/** Reads a JSON body; anything unreadable becomes `code` (the spec picks it per endpoint). */
export async function readJson(request: Request, code: ErrorCode): Promise<unknown> {
  const text = await request.text().catch(() => {
    throw new ApiError(code, { message: 'The request body could not be read.' });
  });
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new ApiError(code, { message: 'The request body is too large.' });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(code, { message: 'The request body is not valid JSON.' });
  }
}
