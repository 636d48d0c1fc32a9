import { ApiError } from '../errors/api-error';
import { readLimited } from './read-limited';

/**
 * Reads a multipart/form-data body of at most `maxBytes` (a declared length over it is refused
 * before reading, a chunked body as soon as it passes it), then parses it with the platform's
 * `formData()`. Anything else than multipart is 400 naming `Content-Type`.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new ApiError('INVALID_BODY', {
      message: 'Content-Type: send multipart/form-data (with a boundary).',
      field: 'Content-Type',
    });
  }
  const tooLarge = () =>
    new ApiError('PAYLOAD_TOO_LARGE', {
      message: `The request body is larger than ${maxBytes} bytes.`,
      hint: 'Send fewer or shorter samples.',
    });
  const body = await readLimited(request, maxBytes, tooLarge, 'INVALID_BODY');
  try {
    return await new Response(new Uint8Array(body), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw new ApiError('INVALID_BODY', {
      message: 'The multipart/form-data body could not be parsed.',
      field: 'Content-Type',
    });
  }
}
