import type { AgentContext } from '../adapters/agent-brain';
import type { Executor } from '../adapters/db';
import { getTranscripts } from './get-call';
import type { CallRow } from './types';

/** What the agent knows of a call so far: its task and voice, and every line spoken. */
export async function readAgentContext(db: Executor, call: CallRow): Promise<AgentContext> {
  const lines = await getTranscripts(db, call.id);
  return {
    task: call.task,
    firstSentence: call.firstSentence,
    voice: call.voice,
    language: call.language,
    answeredBy: call.answeredBy === 'voicemail' ? 'voicemail' : 'human',
    turns: lines.map((l) => ({ user: l.user, text: l.text })),
  };
}
