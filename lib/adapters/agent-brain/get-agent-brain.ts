import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { LlmAgent } from './llm-agent';
import { ScriptedAgent } from './scripted-agent';
import type { AgentBrain } from './types';

export function createAgentBrain(config: Config): AgentBrain {
  if (config.AGENT_LLM_BASE_URL && config.AGENT_LLM_MODEL) {
    return new LlmAgent({
      baseURL: config.AGENT_LLM_BASE_URL,
      apiKey: config.AGENT_LLM_API_KEY,
      model: config.AGENT_LLM_MODEL,
    });
  }
  return new ScriptedAgent();
}

export function getAgentBrain(): AgentBrain {
  return singleton('agent-brain', () => createAgentBrain(getConfig()));
}
