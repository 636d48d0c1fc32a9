import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../adapters/db';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  invalidCursor,
} from '../platform/paging/keyset-cursor';
import type { CallRow } from './types';

export interface ListCallsQuery {
  limit: number;
  cursor?: string;
  batch_id?: string;
  status?: CallRow['queueStatus'];
  direction?: CallRow['direction'];
  /** The console's extra filters: created at or after `from`, before `to`. */
  from?: Date;
  to?: Date;
  phone_number?: string;
  ended_by?: string;
}

const cursorAdvice = {
  message: 'cursor is not a cursor this API handed out.',
  hint: 'Pass next_cursor from the previous page unchanged.',
};

/** The org's calls, newest first, one page at a time. */
export async function listCalls(
  db: Db,
  orgId: string,
  query: ListCallsQuery,
): Promise<{ rows: CallRow[]; nextCursor: string | null }> {
  const c = schema.calls;
  const filters: SQL[] = [eq(c.orgId, orgId)];
  if (query.batch_id) filters.push(eq(c.batchId, query.batch_id));
  if (query.status) filters.push(eq(c.queueStatus, query.status));
  if (query.direction) filters.push(eq(c.direction, query.direction));
  if (query.from) filters.push(gte(c.createdAt, query.from));
  if (query.to) filters.push(lt(c.createdAt, query.to));
  if (query.phone_number) filters.push(eq(c.toNumber, query.phone_number));
  if (query.ended_by) filters.push(eq(c.callEndedBy, query.ended_by));
  if (query.cursor) {
    const cursor = decodeKeysetCursor(query.cursor);
    if (!cursor) throw invalidCursor(cursorAdvice);
    const { createdAt: at, id } = cursor.position;
    filters.push(or(lt(c.createdAt, at), and(eq(c.createdAt, at), lt(c.id, id)))!);
  }
  const rows = await db
    .select()
    .from(c)
    .where(and(...filters))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    rows: page,
    nextCursor: rows.length > query.limit ? encodeKeysetCursor(page.at(-1)!) : null,
  };
}
