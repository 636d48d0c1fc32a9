import { createHash, timingSafeEqual } from 'node:crypto';
import { getConfig } from '../config/config';
import { ApiError } from '../errors/api-error';
import { bearerToken } from './bearer-token';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Admin routes exist only when ADMIN_TOKEN is set; otherwise they are indistinguishable from 404. */
export function requireAdmin(request: Request): void {
  const expected = getConfig().ADMIN_TOKEN;
  if (!expected) throw new ApiError('NOT_FOUND');
  const supplied = bearerToken(request.headers.get('authorization'));
  // Hashing first makes the comparison constant-time regardless of length.
  if (!supplied || !timingSafeEqual(digest(supplied), digest(expected))) {
    throw new ApiError('UNAUTHORIZED', { headers: { 'WWW-Authenticate': 'Bearer' } });
  }
}
