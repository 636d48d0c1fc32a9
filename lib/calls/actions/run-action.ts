import type { AgentAction } from '../../adapters/agent-brain';
import { actionNamed } from './registry';
import type { ActionOutcome, ActionSurface } from './types';

/**
 * Runs the action the model called. A name the call does not offer, or an action that throws,
 * becomes a line the model reads; the call goes on either way.
 */
export async function runAction(
  action: AgentAction,
  surface: ActionSurface,
): Promise<ActionOutcome> {
  const kind = actionNamed(surface.call, action.name);
  if (!kind) {
    return {
      line: `unknown action ${action.name}`,
      result: `unknown action: there is no action named "${action.name}" on this call.`,
      next: 'reply',
    };
  }
  try {
    return await kind.run(action, surface);
  } catch (error) {
    console.error(`call ${surface.call.id}: action ${action.name} failed:`, error);
    return {
      line: `${action.name}: failed`,
      result: `The action ${action.name} failed; tell the person it could not be done now.`,
      next: 'reply',
    };
  }
}
