import { randomUUID } from 'node:crypto';
import { AgentCreateRequest, type AgentBody } from '@/schemas/agents';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema } from '../../adapters/db';
import { parseBody } from '../../platform/http/parse-body';
import { auditedSettings, settingsFromRequest } from './agent-settings';
import { checkAgentSettings } from './check-agent-settings';
import { renderAgent } from './render-agent';
import type { AgentDeps } from './types';

/** POST /v1/agents: version 1, its version row and an audit entry in one transaction. */
export async function createAgent(
  deps: AgentDeps,
  input: { orgId: string; body: unknown; actor: AuditActor },
  now: Date,
): Promise<AgentBody> {
  const parsed = parseBody(AgentCreateRequest, input.body);
  const settings = settingsFromRequest(
    input.body as Record<string, unknown>,
    parsed,
    deps.urlSigningKey,
  );
  await checkAgentSettings(settings, deps.allowIps);
  const id = randomUUID();
  const row = { id, orgId: input.orgId, name: parsed.name, version: 1, settings };
  const [created] = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(schema.agents)
      .values({ ...row, createdAt: now, updatedAt: now })
      .returning();
    await tx
      .insert(schema.agentVersions)
      .values({ agentId: id, version: 1, name: parsed.name, settings, createdAt: now });
    await recordAudit(
      tx,
      {
        orgId: input.orgId,
        actor: input.actor,
        action: 'agent.create',
        target: { type: 'agent', id },
        after: { name: parsed.name, version: 1, ...auditedSettings(settings) },
      },
      now,
    );
    return inserted;
  });
  return renderAgent(created!);
}
