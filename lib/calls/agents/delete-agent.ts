import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db } from '../../adapters/db';
import { findAgentOrThrow } from './find-agent';

/**
 * DELETE /v1/agents/{id}: the agent is hidden and refused to new calls, but its row and versions
 * stay, so calls placed from it keep their agent_id and agent_version. Audited.
 */
export async function deleteAgent(
  db: Db,
  input: { orgId: string; agentId: string; actor: AuditActor },
  now: Date,
): Promise<{ status: 'success'; agent_id: string }> {
  await db.transaction(async (tx) => {
    const current = await findAgentOrThrow(tx, input.orgId, input.agentId, { forUpdate: true });
    await tx.update(schema.agents).set({ deletedAt: now }).where(eq(schema.agents.id, current.id));
    await recordAudit(
      tx,
      {
        orgId: input.orgId,
        actor: input.actor,
        action: 'agent.delete',
        target: { type: 'agent', id: current.id },
        before: { name: current.name, version: current.version },
      },
      now,
    );
  });
  return { status: 'success', agent_id: input.agentId };
}
