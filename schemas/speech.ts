import { z } from './zod';

export const ConcurrencyLimitError = z
  .object({
    error: z.literal('concurrency_limit_reached'),
    limit: z.int().describe("The organization's concurrency limit."),
    message: z.string(),
    docs: z.url(),
  })
  .describe(
    '429 body of HTTP speech endpoints when no concurrency slot is free. Retry after Retry-After seconds.',
  )
  .meta({ id: 'ConcurrencyLimitError' });

export const SpeechLimits = z
  .object({
    concurrent_generations: z.int().describe('1 before the $5 unlock, 5 after.'),
    instant_voice_clones: z.int().describe('1 before the unlock, 10 after.'),
    live_professional_clones: z.int().describe('0 before the unlock, 1 after.'),
  })
  .describe('Speech limit record of an organization.')
  .meta({ id: 'SpeechLimits' });
