import { z } from './zod';
import { TranscriptEntry } from './calls';

export const BatchParams = z
  .object({
    id: z.string().describe('Batch identifier; used as batch_id elsewhere.'),
    campaign_id: z.string().nullable(),
    created_at: z.iso.datetime(),
    label: z.string(),
    base_prompt: z
      .string()
      .describe('Base prompt for calls in the batch; may contain template placeholders.'),
    endpoint_code: z.string(),
    call_params: z
      .object({
        reduce_latency: z.boolean().optional(),
        voice_id: z.int().optional(),
        language: z.string().optional(),
        max_duration: z.number().optional(),
        wait_for_greeting: z.boolean().optional(),
      })
      .catchall(z.unknown()),
  })
  .meta({ id: 'BatchParams' });

export const callLengthBuckets = [
  '0-5',
  '5-10',
  '10-15',
  '15-20',
  '20-30',
  '30-45',
  '45-60',
  '60-90',
  '90-120',
  '120+',
] as const;

export const BatchAnalysis = z
  .object({
    total_calls: z.int().describe('Includes completed and in-progress calls.'),
    completed_calls: z.int(),
    in_progress_calls: z.int(),
    queue_statuses: z
      .record(z.string(), z.int())
      .describe('Queue status → count (complete, started, queued, call_error).'),
    call_lengths: z.object({
      average: z.number().describe('Seconds.'),
      average_nonzero: z.number().describe('Seconds, excluding calls shorter than one second.'),
      summary: z.record(z.enum(callLengthBuckets), z.int()).describe('Range → count.'),
      all: z.array(z.number()).describe('Each call length.'),
    }),
    call_ids: z.array(z.string()),
    error_messages: z.array(z.object({ call_id: z.string(), error_message: z.string() })),
    endpoints: z
      .record(z.string(), z.int())
      .describe('Endpoint host → call count; only for API integrations.'),
  })
  .meta({ id: 'BatchAnalysis' });

export const BatchCall = z
  .object({
    call_id: z.string(),
    c_id: z.string(),
    status: z.string(),
    queue_status: z.string().describe('complete, started, queued or call_error.'),
    completed: z.boolean(),
    created_at: z.iso.datetime(),
    end_at: z.iso.datetime().nullable(),
    to: z.string(),
    from: z.string(),
    call_length: z.number().describe('Minutes.'),
    corrected_duration: z.string(),
    endpoint_url: z.string(),
    max_duration: z.number(),
    error_message: z.string().nullable(),
    request_data: z.record(z.string(), z.unknown()).describe('Original request parameters.'),
    transcripts: z
      .array(TranscriptEntry)
      .optional()
      .describe('Omitted when include_transcripts=false.'),
  })
  .meta({ id: 'BatchCall' });

export const BatchResponse = z
  .object({
    batch_params: BatchParams,
    analysis: BatchAnalysis.optional().describe('Omitted when include_analysis=false.'),
    call_data: z.array(BatchCall).optional().describe('Omitted when include_calls=false.'),
  })
  .meta({ id: 'BatchResponse' });

const booleanQuery = z.enum(['true', 'false']).optional();

export const BatchQuery = z.object({
  batch_id: z.string().describe('Required.'),
  include_calls: booleanQuery.describe('Default true. Include individual call data.'),
  include_transcripts: booleanQuery.describe(
    'Default true. When calls are included, false omits transcripts.',
  ),
  include_analysis: booleanQuery.describe(
    'Default true. When calls are included, false omits analysis.',
  ),
});
