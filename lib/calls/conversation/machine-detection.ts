import { readAnsweredBy } from './call-writes';
import type { CallRow } from '../types';
import type { ConversationDeps } from './types';

/** How often the loop asks whether machine detection has answered, and for how long. */
const AMD_POLL_MS = 1_000;
const AMD_POLL_FOR_MS = 60_000;

/**
 * Machine detection answers through a callback at any instance: its verdict is in the row.
 * Resolves true once the row says voicemail (the greeting is over: the beep), false when it says
 * a person or that it could not tell, the stream ends (`signal`), `over()` holds, or no verdict came within a minute.
 */
export async function voicemailAnswered(
  deps: Pick<ConversationDeps, 'db' | 'clock'>,
  callId: string,
  signal: AbortSignal,
  over: () => boolean,
): Promise<boolean> {
  const { clock } = deps;
  const startedAt = clock.now();
  for (;;) {
    await clock.sleep(AMD_POLL_MS, signal);
    if (signal.aborted || over() || clock.now() - startedAt > AMD_POLL_FOR_MS) return false;
    const answeredBy = await readAnsweredBy(deps.db, callId);
    if (answeredBy === 'human' || answeredBy === 'unknown') return false;
    if (answeredBy === 'voicemail' && !over()) return true;
  }
}

/** What the agent does once machine detection has answered (voicemail_action). */
export type MachinePlan = 'person' | 'ignore' | 'hangup' | { message: string | null };

/**
 * Waits for machine detection's verdict on a call that asked for it: a person (or no verdict)
 * changes nothing; a voicemail gets what the call's voicemail_action says — its message (null:
 * the agent words one), a hang-up, or the conversation as to a person.
 */
export async function answerMachine(
  deps: Pick<ConversationDeps, 'db' | 'clock'>,
  call: Pick<CallRow, 'id' | 'answeredBy' | 'voicemail'>,
  signal: AbortSignal,
  over: () => boolean,
): Promise<MachinePlan> {
  const { voicemail } = call;
  if (!voicemail) return 'person';
  const machine =
    call.answeredBy === 'voicemail' || (await voicemailAnswered(deps, call.id, signal, over));
  if (!machine) return 'person';
  return voicemail.action === 'leave_message' ? { message: voicemail.message } : voicemail.action;
}
