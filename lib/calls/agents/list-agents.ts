import { and, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { AgentBody } from '@/schemas/agents';
import { schema, type Executor } from '../../adapters/db';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  invalidCursor,
} from '../../platform/paging/keyset-cursor';
import { renderAgent } from './render-agent';

const cursorAdvice = {
  message: 'cursor is not a cursor this API handed out.',
  hint: 'Pass next_cursor from the previous page unchanged.',
};

/** GET /v1/agents: the organization's live agents, newest first, one page at a time. */
export async function listAgents(
  db: Executor,
  orgId: string,
  query: { limit: number; cursor?: string },
): Promise<{ agents: AgentBody[]; next_cursor: string | null }> {
  const a = schema.agents;
  const filters: SQL[] = [eq(a.orgId, orgId), isNull(a.deletedAt)];
  if (query.cursor) {
    const cursor = decodeKeysetCursor(query.cursor);
    if (!cursor) throw invalidCursor(cursorAdvice);
    const { createdAt: at, id } = cursor.position;
    filters.push(or(lt(a.createdAt, at), and(eq(a.createdAt, at), lt(a.id, id)))!);
  }
  const rows = await db
    .select()
    .from(a)
    .where(and(...filters))
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    agents: page.map(renderAgent),
    next_cursor: rows.length > query.limit ? encodeKeysetCursor(page.at(-1)!) : null,
  };
}
