// The composition root: the one place that chooses and builds the process's adapters from config
// and hands each context the dependencies it asks for. app/, server.ts and the socket routes take
// them from here; contexts never build their own.
export { getBillingDeps } from './get-billing-deps';
export { getCallDeps } from './get-call-deps';
export { getConversationDeps } from './get-conversation-deps';
export { getLeadDeps } from './get-lead-deps';
export { getSpeechDeps } from './get-speech-deps';
export { getVoiceDeps } from './get-voice-deps';
