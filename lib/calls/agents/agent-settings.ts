import { agentSettingKeys } from '@/schemas/agents';
import type { AgentSettings } from '../../adapters/db/schema/agents';

export type { AgentSettings };

/**
 * The settings a request sets: each setting key the raw body holds with a value other than null,
 * taken from the parsed body (trimmed, checked). Left out or null is "not part of the agent".
 */
export function settingsFromRequest(
  raw: Record<string, unknown>,
  parsed: Record<string, unknown>,
): AgentSettings {
  return changeSettings({}, raw, parsed);
}

/**
 * A change (PATCH): a key sent with a value replaces the agent's, a key sent as null takes it out,
 * a key left out is kept.
 */
export function changeSettings(
  current: AgentSettings,
  raw: Record<string, unknown>,
  parsed: Record<string, unknown>,
): AgentSettings {
  const next: AgentSettings = { ...current };
  for (const key of agentSettingKeys) {
    if (!(key in raw) || raw[key] === undefined) continue;
    if (raw[key] === null) delete next[key];
    else next[key] = parsed[key];
  }
  return next;
}

/** True when two settings hold the same values (a change that changes nothing makes no version). */
export function sameSettings(a: AgentSettings, b: AgentSettings): boolean {
  return agentSettingKeys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
