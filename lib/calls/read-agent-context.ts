import type { AgentContext } from '../adapters/agent-brain';
import type { Executor } from '../adapters/db';
import { getTranscripts } from './get-call';
import type { CallRow } from './types';
import { speechContext } from './call-controls';

/**
 * What the agent knows of a call so far: its task and voice, and every line spoken. An action's
 * line reads as its result when `actionResults` has it (by seq): what the model was told.
 */
export async function readAgentContext(
  db: Executor,
  call: CallRow,
  actionResults?: Record<string, string>,
): Promise<AgentContext> {
  const lines = await getTranscripts(db, call.id);
  return {
    task: call.task,
    firstSentence: call.firstSentence,
    voice: call.voice,
    language: call.language,
    // voicemail_action ignore: the agent talks to the machine as to a person.
    answeredBy:
      call.answeredBy === 'voicemail' && call.voicemail?.action !== 'ignore'
        ? 'voicemail'
        : 'human',
    ...speechContext(call),
    turns: lines.map((l) => ({
      user: l.user,
      text: (l.user === 'agent-action' && actionResults?.[l.seq]) || l.text,
    })),
  };
}
