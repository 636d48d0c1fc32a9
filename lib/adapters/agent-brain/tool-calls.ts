import type { AgentAction, AgentContext } from './types';

/** A tool call as the chat-completions API sends it, whole or as one piece of a stream. */
interface ToolCallPiece {
  index?: number | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

/** The call's actions as OpenAI function tools. */
export const actionTools = (context: AgentContext) =>
  (context.actions ?? []).map((spec) => ({
    type: 'function' as const,
    function: { name: spec.name, description: spec.description, parameters: spec.parameters },
  }));

/** Arguments the model wrote: parsed JSON, or the raw text for the action to refuse. */
function parseArguments(text: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The first call of a tool other than `skip` in a whole reply. */
export function firstAction(
  calls: ToolCallPiece[] | null | undefined,
  skip: string,
): AgentAction | undefined {
  const call = (calls ?? []).find((c) => c.function?.name && c.function.name !== skip);
  if (!call?.function?.name) return undefined;
  return { name: call.function.name, input: parseArguments(call.function.arguments ?? '') };
}

/**
 * Tool calls as they stream: the name comes in the first piece of a call's index and its JSON
 * arguments in pieces after it, so they are joined per index until the stream ends.
 */
export class ToolCallPieces {
  private readonly calls = new Map<number, { name: string; args: string }>();

  add(pieces: ToolCallPiece[] | null | undefined): void {
    for (const [position, piece] of (pieces ?? []).entries()) {
      const index = piece.index ?? position;
      const call = this.calls.get(index) ?? { name: '', args: '' };
      call.name += piece.function?.name ?? '';
      call.args += piece.function?.arguments ?? '';
      this.calls.set(index, call);
    }
  }

  /** The first complete call (lowest index) of a tool other than `skip`; one action a reply. */
  action(skip: string): AgentAction | undefined {
    const ordered = [...this.calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
    const call = ordered.find((c) => c.name && c.name !== skip);
    return call ? { name: call.name, input: parseArguments(call.args) } : undefined;
  }
}
