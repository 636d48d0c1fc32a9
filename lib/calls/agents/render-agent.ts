import type { AgentBody, AgentVersionBody } from '@/schemas/agents';
import type { RetryPolicy } from '../types';
import type { schema } from '../../adapters/db';
import type { AgentSettings } from './agent-settings';

type AgentRow = typeof schema.agents.$inferSelect;
type VersionRow = typeof schema.agentVersions.$inferSelect;

const orNull = <T>(value: unknown): T | null => (value === undefined ? null : (value as T));

/** Every setting, null where the agent sets none. */
function renderSettings(settings: AgentSettings) {
  return {
    task: settings.task as string,
    voice: orNull<string>(settings.voice),
    first_sentence: orNull<string>(settings.first_sentence),
    wait_for_greeting: orNull<boolean>(settings.wait_for_greeting),
    max_duration: orNull<number>(settings.max_duration),
    record: orNull<boolean>(settings.record),
    end_of_turn: orNull<{ min_ms: number; max_ms: number }>(settings.end_of_turn),
    webhook: orNull<string>(settings.webhook),
    metadata: orNull<Record<string, unknown>>(settings.metadata),
    language: orNull<string>(settings.language),
    from: orNull<string>(settings.from),
    defer_to_calling_hours: orNull<boolean>(settings.defer_to_calling_hours),
    summary_prompt: orNull<string>(settings.summary_prompt),
    analysis_schema: orNull<Record<string, unknown>>(settings.analysis_schema),
    analysis_prompt: orNull<string>(settings.analysis_prompt),
    retry: orNull<RetryPolicy>(settings.retry),
  };
}

export function renderAgent(row: AgentRow): AgentBody {
  return {
    agent_id: row.id,
    name: row.name,
    version: row.version,
    ...renderSettings(row.settings),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function renderAgentVersion(row: VersionRow): AgentVersionBody {
  return {
    name: row.name,
    version: row.version,
    ...renderSettings(row.settings),
    created_at: row.createdAt.toISOString(),
  };
}
