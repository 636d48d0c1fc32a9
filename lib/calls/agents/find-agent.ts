import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';

export type AgentRow = typeof schema.agents.$inferSelect;

/**
 * The organization's live agent with this id: 404 AGENT_NOT_FOUND for an unknown id, another
 * organization's agent or a deleted one. `forUpdate` locks the row for a change.
 */
export async function findAgentOrThrow(
  db: Executor,
  orgId: string,
  agentId: string,
  options: { forUpdate?: boolean; field?: string } = {},
): Promise<AgentRow> {
  const query = db
    .select()
    .from(schema.agents)
    .where(
      and(
        eq(schema.agents.id, agentId),
        eq(schema.agents.orgId, orgId),
        isNull(schema.agents.deletedAt),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw new ApiError('AGENT_NOT_FOUND', options.field ? { field: options.field } : {});
  }
  return row;
}
