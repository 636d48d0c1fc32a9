import type { ErrorCode } from './error-codes';
import { ApiError } from './api-error';

/** The largest JSON body any route accepts. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

const tooLarge = () =>
  new ApiError('PAYLOAD_TOO_LARGE', {
    hint: `Send at most ${MAX_JSON_BODY_BYTES} bytes of JSON.`,
  });

/**
 * Reads the body as UTF-8 without ever holding more than the limit: a declared length over it
 * is refused before reading, and a chunked body is cut off as soon as it passes it.
 */
async function readLimited(request: Request, code: ErrorCode): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > MAX_JSON_BODY_BYTES) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_JSON_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(code, { message: 'The request body could not be read.' });
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON body; anything unreadable becomes `code` (the spec picks it per endpoint). */
export async function readJson(request: Request, code: ErrorCode): Promise<unknown> {
  const text = await readLimited(request, code);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(code, { message: 'The request body is not valid JSON.' });
  }
}
