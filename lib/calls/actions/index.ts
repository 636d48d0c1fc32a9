// The actions door: what the model may do on a call besides talking (the call's tools, transfer,
// keypad), run the same way by the live loop and the sandbox stepper.
export { actionsFor, CALL_ACTIONS } from './registry';
export { runAction } from './run-action';
export type { ActionDeps, ActionOutcome, ActionSurface, CallAction } from './types';
export { listToolCalls } from './tool-call-rows';
export {
  checkCallTools,
  hiddenHeaders,
  storedTools,
  toolSettings,
  withoutToolHeaders,
} from './check-tools';
export { openHeaders, sealHeaders } from './seal-headers';
