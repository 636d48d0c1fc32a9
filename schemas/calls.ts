import { z } from './zod';

export const CallDispatchRequest = z
  .object({
    phone_number: z
      .string()
      .describe('Number to call, E.164 with country code, e.g. +14155550100.'),
    task: z.string().describe('Plain-language instructions for the agent.'),
    voice: z.string().optional().describe('Voice persona.'),
    first_sentence: z.string().optional().describe('First line the agent speaks.'),
    wait_for_greeting: z
      .boolean()
      .optional()
      .describe('If true, the agent waits for the recipient to speak first.'),
    max_duration: z.number().positive().optional().describe('Maximum call length in minutes.'),
    record: z.boolean().optional().describe('True records the call.'),
    webhook: z
      .url()
      .optional()
      .describe('Receives a post-call payload with transcript and metadata.'),
  })
  .describe('Call dispatch parameters.')
  .meta({ id: 'CallDispatchRequest' });

export const CallDispatchResponse = z
  .object({
    status: z.string().describe('Dispatch status, e.g. success.'),
    call_id: z.uuid().describe('Identifier of the new call.'),
  })
  .meta({ id: 'CallDispatchResponse' });

export const TranscriptEntry = z
  .object({
    id: z.int(),
    created_at: z.iso.datetime(),
    text: z.string(),
    user: z.string().describe('Values seen: assistant, user, agent-action.'),
    c_id: z.string().describe('Call identifier.'),
  })
  .meta({ id: 'TranscriptEntry' });

export const CallDetail = z
  .object({
    call_id: z.string(),
    status: z.string().describe('queued, started, completed or error.'),
    transcripts: z.array(TranscriptEntry).describe('Present once the call completes.'),
    recording_url: z.url().nullable().describe('Present once a recorded call completes.'),
  })
  .describe('The record of one call.')
  .meta({ id: 'CallDetail' });
