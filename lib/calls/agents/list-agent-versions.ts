import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AgentVersionBody } from '@/schemas/agents';
import { schema, type Executor } from '../../adapters/db';
import { findAgentOrThrow } from './find-agent';
import { renderAgentVersion } from './render-agent';

/** GET /v1/agents/{id}/versions: every version, newest first (the current one included). */
export async function listAgentVersions(
  db: Executor,
  orgId: string,
  agentId: string,
  query: { limit: number; cursor?: string },
): Promise<{ agent_id: string; versions: AgentVersionBody[]; next_cursor: string | null }> {
  await findAgentOrThrow(db, orgId, agentId);
  const v = schema.agentVersions;
  const filters: SQL[] = [eq(v.agentId, agentId)];
  if (query.cursor) filters.push(lt(v.version, Number(query.cursor)));
  const rows = await db
    .select()
    .from(v)
    .where(and(...filters))
    .orderBy(desc(v.version))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    agent_id: agentId,
    versions: page.map(renderAgentVersion),
    next_cursor: rows.length > query.limit ? String(page.at(-1)!.version) : null,
  };
}
