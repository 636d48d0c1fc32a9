import { eq } from 'drizzle-orm';
import { AgentUpdateRequest, agentSettingKeys, type AgentBody } from '@/schemas/agents';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { parseBody } from '../../platform/http/parse-body';
import {
  auditedSettings,
  changeSettings,
  sameSettings,
  sameValue,
  type AgentSettings,
} from './agent-settings';
import { checkAgentSettings } from './check-agent-settings';
import { findAgentOrThrow } from './find-agent';
import { renderAgent } from './render-agent';
import type { AgentDeps } from './types';

/**
 * The fields whose value differs, for the audit entry's before and after, as the audit log shows
 * them (tools' header values hidden: a change of those alone lists tools, unchanged to the eye).
 */
function changed(
  before: AgentSettings & { name: string },
  after: AgentSettings & { name: string },
) {
  const keys = ['name', ...agentSettingKeys].filter((key) => !sameValue(before[key], after[key]));
  const pick = (from: Record<string, unknown>) =>
    Object.fromEntries(keys.map((key) => [key, from[key] ?? null]));
  return { before: pick(auditedSettings(before)), after: pick(auditedSettings(after)) };
}

/**
 * PATCH /v1/agents/{id}: the fields sent change, the rest stay; each change is a new version (the
 * row locked, so two changes at once make two versions, never one lost). A request that changes
 * nothing makes no version. Calls already placed keep the version they started with.
 */
export async function updateAgent(
  deps: AgentDeps,
  input: { orgId: string; agentId: string; body: unknown; actor: AuditActor },
  now: Date,
): Promise<AgentBody> {
  const parsed = parseBody(AgentUpdateRequest, input.body);
  const raw = input.body as Record<string, unknown>;
  if (raw.task === null) {
    throw new ApiError('INVALID_BODY', {
      message: 'task: an agent always has a task; send a new one instead of null.',
      field: 'task',
    });
  }
  const row = await deps.db.transaction(async (tx) => {
    const current = await findAgentOrThrow(tx, input.orgId, input.agentId, { forUpdate: true });
    const settings = changeSettings(current.settings, raw, parsed, deps.urlSigningKey);
    const name = parsed.name ?? current.name;
    if (name === current.name && sameSettings(settings, current.settings)) return current;
    await checkAgentSettings(settings, deps.allowIps);
    const version = current.version + 1;
    const [updated] = await tx
      .update(schema.agents)
      .set({ name, settings, version, updatedAt: now })
      .where(eq(schema.agents.id, current.id))
      .returning();
    await tx
      .insert(schema.agentVersions)
      .values({ agentId: current.id, version, name, settings, createdAt: now });
    await recordAudit(
      tx,
      {
        orgId: input.orgId,
        actor: input.actor,
        action: 'agent.update',
        target: { type: 'agent', id: current.id },
        ...changed({ ...current.settings, name: current.name }, { ...settings, name }),
      },
      now,
    );
    return updated!;
  });
  return renderAgent(row);
}
