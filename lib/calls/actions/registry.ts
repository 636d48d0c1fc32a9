import type { AgentActionSpec } from '../../adapters/agent-brain';
import type { CallRow } from '../types';
import { callTools } from './call-tools';
import { pressDigits } from './press-digits';
import { transferCall } from './transfer-call';
import type { CallAction } from './types';

/** Every kind of action a call may offer; each enables itself per call (its specs). */
export const CALL_ACTIONS: readonly CallAction[] = [callTools, transferCall, pressDigits];

/** The functions the model may call on this call. */
export function actionsFor(call: CallRow): AgentActionSpec[] {
  return CALL_ACTIONS.flatMap((action) => action.specs(call));
}

/** The kind of action that offers `name` on this call, if any. */
export function actionNamed(call: CallRow, name: string): CallAction | undefined {
  return CALL_ACTIONS.find((action) => action.specs(call).some((spec) => spec.name === name));
}
