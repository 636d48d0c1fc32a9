import { readAnsweredBy } from './call-writes';
import type { ConversationDeps } from './types';

/** How often the loop asks whether machine detection has answered, and for how long. */
const AMD_POLL_MS = 1_000;
const AMD_POLL_FOR_MS = 60_000;

/**
 * Machine detection answers through a callback at any instance: its verdict is in the row.
 * Resolves true once the row says voicemail (the greeting is over: the beep), false when it says
 * a person, the stream ends (`signal`), `over()` holds, or no verdict came within a minute.
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
    if (answeredBy === 'human') return false;
    if (answeredBy === 'voicemail' && !over()) return true;
  }
}
