// Error codes of phone numbers and inbound calls (lib/calls/numbers), part of the one table.
export const numberErrorCodes = {
  NUMBER_NOT_FOUND: {
    status: 404,
    message: 'This organization holds no such number.',
    hint: 'Use a number from GET /v1/numbers, in E.164 (+ as %2B in a path).',
  },
  NO_NUMBERS_AVAILABLE: {
    status: 404,
    message: 'No number matching the search is available.',
    hint: 'Try another area code, fewer `contains` digits, or none.',
  },
  NUMBER_TAKEN: {
    status: 409,
    message: 'This number is already held by an organization.',
    hint: 'Pick a number from GET /v1/numbers, or buy a new one with POST /v1/numbers.',
  },
  AGENT_IN_USE: {
    status: 409,
    message: 'This agent answers calls to one of the organization’s numbers.',
    hint: 'Assign another agent (or none) to the number with PATCH /v1/numbers/{number}, then delete the agent.',
  },
  NO_INBOUND_AGENT: {
    status: 409,
    message: 'No agent answers calls to this number.',
    hint: 'Assign one with PATCH /v1/numbers/{number} (inbound_agent_id), then call again.',
  },
  LINES_BUSY: {
    status: 429,
    message: 'Every line the organization may use at once is busy.',
    hint: 'Wait for a call to end, then try again.',
  },
  TEST_CALL_NOT_AVAILABLE: {
    status: 409,
    message: 'Simulated inbound calls run on the sandbox line only.',
    hint: 'Call the number from a phone to test it on a carrier.',
  },
} as const;
