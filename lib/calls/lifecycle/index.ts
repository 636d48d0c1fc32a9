// Every transition of a call, in one folder: the sandbox stepper, the carrier's callbacks,
// the live conversation, the API's stop and the overdue sweep call these; only they change
// a call's status, and a call ends in exactly one function (endCall).
export { playCallStep } from './call-step';
export { applyCarrierStatus, CarrierCallback, receiveCarrierCallback } from './carrier-status';
export { callCostMicros, endCall, endLockedCall, type CallEnding } from './end-call';
export { lineStateOf } from './line-state';
export { mediaStreamEnded, mediaStreamStarted } from './media-stream';
export { FINAL_CALLBACK_WAIT_MS, requestHangUp } from './request-hang-up';
export { stopCall } from './stop-by-api';
export { noteTransfer } from './note-transfer';
