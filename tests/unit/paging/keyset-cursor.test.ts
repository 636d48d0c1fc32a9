import { describe, expect, it } from 'vitest';
import { decodeDeliveryCursor, encodeDeliveryCursor } from '@/lib/calls/webhooks/delivery-cursor';
import { decodeKeysetCursor, encodeKeysetCursor } from '@/lib/platform/paging/keyset-cursor';

const position = {
  createdAt: new Date('2026-11-27T10:00:00.123Z'),
  id: '0f8b5a52-3c7e-4d0a-9a43-1b2c3d4e5f60',
};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('keyset cursors', () => {
  it('reads back what it wrote, and the calls cursors handed out before it was shared', () => {
    expect(decodeKeysetCursor(encodeKeysetCursor(position))).toEqual({ tags: [], position });
    // GET /v1/calls' next_cursor has always been [created_at, id]: cursors held by clients still work.
    const old = b64([position.createdAt.toISOString(), position.id]);
    expect(encodeKeysetCursor(position)).toBe(old);
  });

  it('refuses what it did not write', () => {
    for (const value of [
      'not base64 json',
      b64({ at: position.createdAt.toISOString(), id: position.id }),
      b64(['yesterday', position.id]),
      b64([position.createdAt.getTime(), position.id]),
      b64([position.createdAt.toISOString(), '-'.repeat(36)]),
    ])
      expect(decodeKeysetCursor(value)).toBeNull();
  });

  it('carries a delivery page direction as a tag', () => {
    const cursor = { direction: 'newer' as const, ...position };
    expect(decodeDeliveryCursor(encodeDeliveryCursor(cursor))).toEqual(cursor);
    expect(() => decodeDeliveryCursor(encodeKeysetCursor(position, ['x']))).toThrow(
      'cursor is not a cursor this page handed out.',
    );
  });
});
