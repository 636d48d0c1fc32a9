// Error codes of saved agents (lib/calls/agents), part of the one table.
export const agentErrorCodes = {
  AGENT_NOT_FOUND: {
    status: 404,
    message: 'No agent of this organization has this id.',
    hint: 'Use an agent_id from GET /v1/agents (agents are visible only to the organization that saved them; deleted agents are gone).',
  },
} as const;
