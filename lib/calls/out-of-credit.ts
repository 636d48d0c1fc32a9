/**
 * What the agent says before a call the wallet could not hold in full reaches the length its hold
 * pays for (calls.cut_by_hold), on a real line and on the sandbox line alike.
 */
export const OUT_OF_CREDIT_LINE =
  "I'm sorry, the account placing this call has run out of credit, so I have to end the call now. Goodbye.";

/** How long before the cut the agent starts saying so (the line takes about six seconds). */
export const OUT_OF_CREDIT_NOTICE_MS = 10_000;
