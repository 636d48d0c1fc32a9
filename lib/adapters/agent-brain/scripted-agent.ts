import { asksNotToBeCalled, OPT_OUT_CONFIRMATION } from './opt-out-phrases';
import { scriptedAnalysis } from './scripted-analysis';
import { nextScriptedAction, scriptedAction } from './scripted-actions';
import type { AgentBrain, AgentContext, AgentDelta, AgentLine, AnalysisRequest } from './types';

const MAX_TASK_POINTS = 6;
const CLOSING = 'Thank you for your time. Goodbye!';

/** The task as speakable points: its sentences, trimmed, at most a handful. */
export function taskPoints(task: string): string[] {
  return task
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => /[a-z0-9]/i.test(s))
    .slice(0, MAX_TASK_POINTS)
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`));
}

/**
 * A deterministic agent built from the task: it opens (first_sentence or a greeting), raises
 * each point of the task in turn, and closes. Same task, same call.
 */
export class ScriptedAgent implements AgentBrain {
  readonly kind = 'scripted' as const;
  readonly description = 'scripted agent (deterministic, from the task)';

  nextLine(context: AgentContext): Promise<AgentLine> {
    const spoken = context.turns.filter((t) => t.user === 'assistant').length;
    const points = taskPoints(context.task);
    const opening =
      context.firstSentence ??
      'Hello, this is an automated assistant calling with a quick request.';
    if (context.answeredBy === 'voicemail') {
      const message = [opening, ...points.slice(0, 2), 'Please call us back. Goodbye!'].join(' ');
      return Promise.resolve({ text: message, end: true });
    }
    const heard = context.turns.at(-1);
    if (heard?.user === 'user' && asksNotToBeCalled(heard.text))
      return Promise.resolve({ text: OPT_OUT_CONFIRMATION, end: true, optOut: true });
    const acting = scriptedAction(context);
    if (acting) return Promise.resolve(acting);
    if (spoken === 0) return Promise.resolve({ text: opening, end: false });
    // After the opening, each action the task names, once, in the task's order.
    const action = nextScriptedAction(context);
    if (action) return Promise.resolve({ text: '', end: false, action });
    const point = points[spoken - 1];
    if (point) return Promise.resolve({ text: point, end: false });
    return Promise.resolve({ text: CLOSING, end: true });
  }

  /** The same line word by word, as a language model would stream it. */
  async *streamLine(context: AgentContext, signal?: AbortSignal): AsyncIterable<AgentDelta> {
    const line = await this.nextLine(context);
    const words = line.text.split(/(?<=\s)/);
    for (const [i, word] of words.entries()) {
      if (signal?.aborted) return;
      const last = i === words.length - 1;
      yield {
        text: word,
        ...(last ? { end: line.end } : {}),
        ...(last && line.optOut ? { optOut: true } : {}),
        ...(last && line.action ? { action: line.action } : {}),
      };
    }
  }

  summarize(context: AgentContext): Promise<string> {
    const agentLines = context.turns.filter((t) => t.user === 'assistant').length;
    const points = taskPoints(context.task);
    const about = points[0] ? ` about: ${points[0]}` : '';
    const who = context.answeredBy === 'voicemail' ? 'voicemail' : 'the recipient';
    return Promise.resolve(
      `The agent spoke ${agentLines} line${agentLines === 1 ? '' : 's'} with ${who}${about}`,
    );
  }

  /** Read by rule from the callee's lines (see scriptedAnalysis); the prompt is a model's. */
  analyze(context: AgentContext, request: AnalysisRequest): Promise<unknown> {
    return Promise.resolve(scriptedAnalysis(context.turns, request.schema));
  }
}
