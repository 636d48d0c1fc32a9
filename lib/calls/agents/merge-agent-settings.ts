import type { AgentSettings } from './agent-settings';

/** The fields that mean something only with machine detection on (answered_by_enabled). */
const DETECTION_ONLY = ['voicemail_message', 'voicemail_action'];

/**
 * A call request over a saved agent: the agent's settings, then every field the request sets
 * (present and not null) in their place, whole (an object such as metadata or a list such as
 * tools is replaced, not merged). A request that turns detection off (`answered_by_enabled:
 * false`) drops the agent's voicemail fields, which need it, unless it sets them itself. The
 * agent's id fields are not call settings and are dropped.
 */
export function mergeAgentSettings(
  settings: AgentSettings,
  request: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...settings };
  if (request.answered_by_enabled === false) {
    for (const key of DETECTION_ONLY) delete merged[key];
  }
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined && value !== null) merged[key] = value;
  }
  delete merged.agent_id;
  delete merged.persona_id;
  return merged;
}
