import type { AgentSettingKey } from '@/schemas/agents';
import type { CallDispatchInput } from '@/schemas/calls';
import type { Executor } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { findAgentOrThrow } from './find-agent';
import { openAgentTools, type SavedAgentTool } from './agent-tools';

/** An agent's settings as stored: the call request's values, as its schema parsed them. */
export type AgentCallSettings = Partial<Pick<CallDispatchInput, AgentSettingKey>>;

/** The saved agent a call starts from: the version it keeps, whatever changes later. */
export interface CallAgent {
  id: string;
  version: number;
  settings: AgentCallSettings;
}

/**
 * The agent a request names: agent_id, or persona_id (Bland's name for it). Both with different
 * ids is a 400 naming persona_id; neither is null.
 */
export function requestedAgentId(request: {
  agent_id?: string | null;
  persona_id?: string | null;
}): { id: string; field: 'agent_id' | 'persona_id' } | null {
  const { agent_id: agentId, persona_id: personaId } = request;
  if (agentId && personaId && agentId !== personaId) {
    throw new ApiError('INVALID_BODY', {
      message: 'persona_id: names another agent than agent_id; send one of them.',
      field: 'persona_id',
    });
  }
  if (agentId) return { id: agentId, field: 'agent_id' };
  if (personaId) return { id: personaId, field: 'persona_id' };
  return null;
}

/**
 * The organization's agent a call names, read once: its current version and settings, which the
 * call copies (404 AGENT_NOT_FOUND naming the field for an unknown, another org's or a deleted one).
 * Its tools' header values are opened with `secret` (URL_SIGNING_KEY), in memory only: the call
 * takes them as a request's own and seals them again in its row.
 */
export async function loadCallAgent(
  db: Executor,
  orgId: string,
  named: { id: string; field: string },
  secret: string,
): Promise<CallAgent> {
  const row = await findAgentOrThrow(db, orgId, named.id, { field: named.field });
  // Stored only after AgentCreateRequest/AgentUpdateRequest parsed them (lib/calls/agents/agent-settings).
  const { tools, ...rest } = row.settings as Omit<AgentCallSettings, 'tools'> & {
    tools?: SavedAgentTool[];
  };
  const settings: AgentCallSettings = tools
    ? { ...rest, tools: openAgentTools(tools, secret, named.field) }
    : rest;
  return { id: row.id, version: row.version, settings };
}
