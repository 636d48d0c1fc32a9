import type { AgentContext } from '../adapters/agent-brain';
import type { Executor } from '../adapters/db';
import { getTranscripts } from './get-call';
import type { CallRow } from './types';
import { speechContext } from './call-controls';

/** What the agent knows of a call so far: its task and voice, and every line spoken. */
export async function readAgentContext(db: Executor, call: CallRow): Promise<AgentContext> {
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
    turns: lines.map((l) => ({ user: l.user === 'user' ? 'user' : 'assistant', text: l.text })),
  };
}
