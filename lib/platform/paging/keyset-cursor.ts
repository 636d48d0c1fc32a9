import { ApiError } from '../errors/api-error';
import { isUuid } from '../http/path-id';

/** A row's place in a list ordered by (created_at, id): where a page starts after. */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

/** Opaque to callers: base64url JSON of [...tags, created_at, id]; tags say how to read on. */
export const encodeKeysetCursor = (position: KeysetPosition, tags: readonly string[] = []) =>
  Buffer.from(JSON.stringify([...tags, position.createdAt.toISOString(), position.id])).toString(
    'base64url',
  );

/** The leading tags and the position of a cursor we handed out; null for anything else. */
export function decodeKeysetCursor(
  value: string,
  tagCount = 0,
): { tags: unknown[]; position: KeysetPosition } | null {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parts)) return null;
  const [at, id] = parts.slice(tagCount) as unknown[];
  const createdAt = new Date(typeof at === 'string' ? at : Number.NaN);
  if (Number.isNaN(createdAt.getTime()) || typeof id !== 'string' || !isUuid(id)) return null;
  return { tags: parts.slice(0, tagCount), position: { createdAt, id } };
}

/** 400 INVALID_QUERY on the cursor field, with the list's own advice on where a good one comes from. */
export const invalidCursor = (advice: { message: string; hint: string }) =>
  new ApiError('INVALID_QUERY', { ...advice, field: 'cursor' });
