import parseRange from 'range-parser';
import { ApiError } from '../errors/api-error';

/**
 * The bytes as a response that honours one `Range: bytes=…` (206 with Content-Range), so audio
 * players can seek; no Range, several ranges or a malformed header → the whole file (200), an
 * unsatisfiable range → 416 RANGE_NOT_SATISFIABLE with `Content-Range: bytes * /size`.
 */
export function byteRangeResponse(
  bytes: Uint8Array<ArrayBuffer>,
  range: string | null,
  headers: Record<string, string>,
): Response {
  const size = bytes.byteLength;
  const common = { ...headers, 'Accept-Ranges': 'bytes' };
  const parsed = range ? parseRange(size, range, { combine: true }) : -2;
  if (parsed === -1)
    throw new ApiError('RANGE_NOT_SATISFIABLE', {
      headers: { 'Content-Range': `bytes */${size}` },
    });
  if (typeof parsed === 'number' || parsed.type !== 'bytes' || parsed.length !== 1)
    return new Response(bytes, { headers: { ...common, 'Content-Length': String(size) } });
  const { start, end } = parsed[0]!;
  return new Response(bytes.subarray(start, end + 1), {
    status: 206,
    headers: {
      ...common,
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
    },
  });
}
