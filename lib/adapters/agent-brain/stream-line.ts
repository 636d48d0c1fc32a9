import type { AgentBrain, AgentContext, AgentDelta } from './types';

/** The brain's streamed reply, or its whole line as one piece when it cannot stream. */
export async function* streamLine(
  brain: AgentBrain,
  context: AgentContext,
  signal?: AbortSignal,
): AsyncIterable<AgentDelta> {
  if (brain.streamLine) {
    yield* brain.streamLine(context, signal);
    return;
  }
  const line = await brain.nextLine(context);
  yield { text: line.text, end: line.end, ...(line.optOut ? { optOut: true } : {}) };
}
