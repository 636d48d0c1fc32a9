import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { findAgentOrThrow } from './find-agent';

/**
 * DELETE /v1/agents/{id}: the agent is hidden and refused to new calls, but its row and versions
 * stay, so calls placed from it keep their agent_id and agent_version. Audited. An agent that
 * answers one of the organization's numbers is kept (409 AGENT_IN_USE): callers would hear nothing.
 */
export async function deleteAgent(
  db: Db,
  input: { orgId: string; agentId: string; actor: AuditActor },
  now: Date,
): Promise<{ status: 'success'; agent_id: string }> {
  await db.transaction(async (tx) => {
    const current = await findAgentOrThrow(tx, input.orgId, input.agentId, { forUpdate: true });
    // Under the agent's lock, which an assignment to a number also takes: never both.
    const n = schema.phoneNumbers;
    const [answering] = await tx
      .select({ number: n.number })
      .from(n)
      .where(and(eq(n.inboundAgentId, current.id), isNull(n.releasedAt)))
      .limit(1);
    if (answering) {
      throw new ApiError('AGENT_IN_USE', {
        message: `This agent answers calls to ${answering.number}; assign another agent to it first.`,
      });
    }
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
