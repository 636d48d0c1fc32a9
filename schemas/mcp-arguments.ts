// Arguments and answers several tools share, described once (every byte of tools/list is read by
// the agent: issue 21).
import { z } from './zod';

export const callId = z.uuid().describe('From create_call or list_calls.');
export const confirm = z
  .literal(true)
  .describe('Must be true: the user wants this charged action.');
export const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII, no spaces')
  .optional()
  .describe(
    'Unique per intended action (e.g. a UUID): a retry with the same key returns the first result.',
  );
export const replayed = z
  .boolean()
  .describe('True: an earlier use of the idempotency_key did this.');

// Said once, in create_call: the same arguments of other tools point there.
export const asInCreateCall = 'As in create_call.';

/**
 * A call record by reference: get_call's output schema lists its fields once, instead of every
 * tool that returns calls repeating 3 KB of schema (issue 21: the size of tools/list).
 */
export const callLike = (description: string) =>
  z.looseObject({ call_id: z.uuid() }).describe(description);

export const NoInput = z.object({}).describe('No arguments.');
