import type { LineTurn } from '../../adapters/telephony';
import type { AgentLine } from '../../adapters/agent-brain';
import type { CallRow, SandboxLineState } from '../types';

/**
 * The agent's first line on the sandbox line when a voicemail answered a call that asked for
 * machine detection, once its greeting (the beep) is over: voicemail_action's hang-up, or its
 * message word for word; null when the agent words its own line (no message, or `ignore`).
 */
export function sandboxVoicemailLine(
  call: Pick<CallRow, 'voicemail'>,
  state: SandboxLineState,
  turns: LineTurn[],
): 'hangup' | AgentLine | null {
  const voicemail = call.voicemail;
  if (!voicemail || state.greeting === undefined) return null;
  if (turns.some((turn) => turn.user === 'assistant')) return null;
  if (voicemail.action === 'hangup') return 'hangup';
  if (voicemail.action === 'leave_message' && voicemail.message)
    return { text: voicemail.message, end: true };
  return null;
}
