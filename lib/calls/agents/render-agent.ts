import type { AgentBody, AgentVersionBody } from '@/schemas/agents';
import type { RetryPolicy } from '../types';
import type { schema } from '../../adapters/db';
import type { AgentSettings } from './agent-settings';
import { shownAgentTools, type SavedAgentTool } from './agent-tools';

type Shown = AgentVersionBody;

type AgentRow = typeof schema.agents.$inferSelect;
type VersionRow = typeof schema.agentVersions.$inferSelect;

const orNull = <T>(value: unknown): T | null => (value === undefined ? null : (value as T));

/** Every setting, null where the agent sets none. */
function renderSettings(settings: AgentSettings): Omit<Shown, 'name' | 'version' | 'created_at'> {
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
    answered_by_enabled: orNull<boolean>(settings.answered_by_enabled),
    voicemail_message: orNull<string>(settings.voicemail_message),
    voicemail_action: orNull<Shown['voicemail_action']>(settings.voicemail_action),
    pronunciation_guide: orNull<Shown['pronunciation_guide']>(settings.pronunciation_guide),
    keywords: orNull<string[]>(settings.keywords),
    block_interruptions: orNull<boolean>(settings.block_interruptions),
    interruption_threshold: orNull<number>(settings.interruption_threshold),
    temperature: orNull<number>(settings.temperature),
    // Header names only: their values stay sealed in the version (never opened for a read).
    tools: settings.tools ? shownAgentTools(settings.tools as SavedAgentTool[]) : null,
    transfer_phone_number: orNull<string>(settings.transfer_phone_number),
    transfer_list: orNull<Record<string, string>>(settings.transfer_list),
    transfer_mode: orNull<Shown['transfer_mode']>(settings.transfer_mode),
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
