import { z } from './zod';

export const CallStatsAnchor = z
  .object({
    count: z.int().min(0).describe('Modeled cumulative calls resolved as of `asOf`.'),
    asOf: z.iso.datetime().describe('5-minute bucket boundary (UTC).'),
  })
  .strict()
  .meta({ id: 'CallStatsAnchor' });

export const CallStatsResponse = z
  .object({
    count: z.int().min(0).describe('Current anchor count.'),
    asOf: z.iso.datetime().describe('Current 5-minute bucket.'),
    previous: CallStatsAnchor.describe('Anchor five minutes earlier.'),
  })
  .strict()
  .describe(
    'A modeled (not measured) counter. A caller derives a rate as (count - previous.count) / (asOf - previous.asOf).',
  )
  .meta({ id: 'CallStatsResponse' });
