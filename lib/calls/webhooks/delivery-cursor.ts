import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  invalidCursor,
  type KeysetPosition,
} from '../../platform/paging/keyset-cursor';

/** Which way a page of deliveries reads from the cursor's row: older rows or newer rows. */
export type CursorDirection = 'older' | 'newer';

export interface DeliveryCursor extends KeysetPosition {
  direction: CursorDirection;
}

/** Opaque to callers: the direction and the (created_at, id) of the row the page starts after. */
export const encodeDeliveryCursor = (cursor: DeliveryCursor): string =>
  encodeKeysetCursor(cursor, [cursor.direction === 'older' ? 'o' : 'n']);

export function decodeDeliveryCursor(value: string): DeliveryCursor {
  const cursor = decodeKeysetCursor(value, 1);
  const [dir] = cursor?.tags ?? [];
  if (!cursor || (dir !== 'o' && dir !== 'n'))
    throw invalidCursor({
      message: 'cursor is not a cursor this page handed out.',
      hint: 'Follow the Older and Newer links, or start again from the newest deliveries.',
    });
  return { direction: dir === 'o' ? 'older' : 'newer', ...cursor.position };
}
