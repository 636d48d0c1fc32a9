export * from './types';
export { createAgentBrain, getAgentBrain } from './get-agent-brain';
export { ScriptedAgent } from './scripted-agent';
export { LlmAgent } from './llm-agent';
export { streamLine } from './stream-line';
export { scriptedAnalysis } from './scripted-analysis';
