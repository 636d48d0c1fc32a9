// The agents context's door: saved agents (a name and a call's settings, versioned) and what calls,
// batches and the tool server use of them. Anything not exported here is the context's own.
export { createAgent } from './create-agent';
export { updateAgent } from './update-agent';
export { deleteAgent } from './delete-agent';
export { getAgent } from './get-agent';
export { listAgents } from './list-agents';
export { listAgentVersions } from './list-agent-versions';
export { mergeAgentSettings } from './merge-agent-settings';
export {
  loadCallAgent,
  requestedAgentId,
  type AgentCallSettings,
  type CallAgent,
} from './call-agent';
export type { AgentSettings } from './agent-settings';
export type { AgentDeps } from './types';
