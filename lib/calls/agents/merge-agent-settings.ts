import type { AgentSettings } from './agent-settings';

/**
 * A call request over a saved agent: the agent's settings, then every field the request sets
 * (present and not null) in their place, whole (an object such as metadata is replaced, not
 * merged). The agent's id fields are not call settings and are dropped.
 */
export function mergeAgentSettings(
  settings: AgentSettings,
  request: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...settings };
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined && value !== null) merged[key] = value;
  }
  delete merged.agent_id;
  delete merged.persona_id;
  return merged;
}
