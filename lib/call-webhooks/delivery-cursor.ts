import { ApiError } from '../http/api-error';
import { isUuid } from '../http/path-id';

/** Which way a page of deliveries reads from the cursor's row: older rows or newer rows. */
export type CursorDirection = 'older' | 'newer';

export interface DeliveryCursor {
  direction: CursorDirection;
  createdAt: Date;
  id: string;
}

/** Opaque to callers: the direction and the (created_at, id) of the row the page starts after. */
export const encodeDeliveryCursor = (cursor: DeliveryCursor): string =>
  Buffer.from(
    JSON.stringify([
      cursor.direction === 'older' ? 'o' : 'n',
      cursor.createdAt.toISOString(),
      cursor.id,
    ]),
  ).toString('base64url');

export function decodeDeliveryCursor(value: string): DeliveryCursor {
  try {
    const [dir, at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(typeof at === 'string' ? at : Number.NaN);
    if ((dir !== 'o' && dir !== 'n') || Number.isNaN(createdAt.getTime()))
      throw new Error('bad cursor');
    if (typeof id !== 'string' || !isUuid(id)) throw new Error('bad cursor');
    return { direction: dir === 'o' ? 'older' : 'newer', createdAt, id };
  } catch {
    throw new ApiError('INVALID_QUERY', {
      message: 'cursor is not a cursor this page handed out.',
      hint: 'Follow the Older and Newer links, or start again from the newest deliveries.',
      field: 'cursor',
    });
  }
}
