import { ApiError } from '../errors/api-error';
import type { ErrorCode } from '../errors/error-codes';

/**
 * The request body, without ever holding more than `maxBytes`: a declared length over it is
 * refused before reading, a chunked body as soon as it passes it (both with `tooLarge()`).
 * A body that cannot be read at all is `unreadable`.
 */
export async function readLimited(
  request: Request,
  maxBytes: number,
  tooLarge: () => ApiError,
  unreadable: ErrorCode,
): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(unreadable, { message: 'The request body could not be read.' });
  }
  return Buffer.concat(chunks);
}
