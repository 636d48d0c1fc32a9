import type { AgentAction } from '../../adapters/agent-brain';
import type { LineTurn } from '../../adapters/telephony';
import { runAction, type ActionOutcome } from '../actions';
import type { CallRow } from '../types';
import type { ConversationDeps } from './types';

/** What the live loop lends an action while it runs. */
export interface LiveActionHost {
  readonly deps: ConversationDeps;
  readonly call: CallRow;
  readonly turns: readonly LineTurn[];
  /** Aborted when the stream ends. */
  readonly signal: AbortSignal;
  /** Speaks a fixed line now (queued behind what is playing) and notes it in the transcript. */
  say(text: string): Promise<void>;
  /** The outcome's transcript line; the model reads `result` in its place. */
  note(line: string, result: string): void;
}

/**
 * Runs the action the model called on a live call: its filler is spoken while it works, its
 * outcome becomes an agent-action line, and the loop is told what comes next (nothing once the
 * stream has ended).
 */
export async function runLiveAction(
  host: LiveActionHost,
  action: AgentAction,
): Promise<ActionOutcome['next'] | 'closed'> {
  const { deps, call, signal } = host;
  const outcome = await runAction(action, {
    call,
    line: 'carrier',
    turns: [...host.turns],
    signal,
    say: (text) => host.say(text),
    // Transfers and key presses act through the call's carrier; a transfer number is checked
    // against the calling rules again when it is dialled.
    deps: {
      db: deps.db,
      clock: deps.clock,
      allowIps: deps.settings.allowIps ?? [],
      urlSigningKey: deps.settings.urlSigningKey,
      carrier: deps.carrier,
      ...(deps.lineRules ? { rules: deps.lineRules } : {}),
    },
  });
  if (signal.aborted) return 'closed';
  host.note(outcome.line, outcome.result);
  return outcome.next ?? 'reply';
}
