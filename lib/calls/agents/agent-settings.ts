import { agentSettingKeys } from '@/schemas/agents';
import type { CallToolInput } from '@/schemas/call-tools';
import type { AgentSettings } from '../../adapters/db/schema/agents';
import { sealAgentTools, shownAgentTools, type SavedAgentTool } from './agent-tools';

export type { AgentSettings };

/**
 * The settings a request sets: each setting key the raw body holds with a value other than null,
 * taken from the parsed body (trimmed, checked). Left out or null is "not part of the agent".
 * Tools' header values are sealed under `secret` (URL_SIGNING_KEY) before they are kept.
 */
export function settingsFromRequest(
  raw: Record<string, unknown>,
  parsed: Record<string, unknown>,
  secret: string,
): AgentSettings {
  return changeSettings({}, raw, parsed, secret);
}

/**
 * A change (PATCH): a key sent with a value replaces the agent's, a key sent as null takes it out,
 * a key left out is kept. Tools are replaced whole, their headers kept as sealAgentTools says.
 */
export function changeSettings(
  current: AgentSettings,
  raw: Record<string, unknown>,
  parsed: Record<string, unknown>,
  secret: string,
): AgentSettings {
  const next: AgentSettings = { ...current };
  for (const key of agentSettingKeys) {
    if (!(key in raw) || raw[key] === undefined) continue;
    if (raw[key] === null) delete next[key];
    else if (key === 'tools')
      next.tools = sealAgentTools(
        parsed.tools as CallToolInput[],
        current.tools as SavedAgentTool[] | undefined,
        secret,
      );
    else next[key] = parsed[key];
  }
  return next;
}

/** A value with its objects' keys sorted: jsonb keeps keys in its own order, a request in its. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, canonical(inner)]));
}

/** True when a setting holds the same value in both, whatever the order of its objects' keys. */
export const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** True when two settings hold the same values (a change that changes nothing makes no version). */
export function sameSettings(a: AgentSettings, b: AgentSettings): boolean {
  return agentSettingKeys.every((key) => sameValue(a[key], b[key]));
}

/** The settings as the audit log keeps them: tools' headers by name only, never sealed text. */
export function auditedSettings(settings: AgentSettings): AgentSettings {
  const tools = settings.tools as SavedAgentTool[] | undefined;
  return tools ? { ...settings, tools: shownAgentTools(tools) } : settings;
}
