import { z } from './zod';

export const ApiErrorDetail = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/)
      .describe('Stable identifier in SCREAMING_SNAKE_CASE. Clients branch on it.'),
    message: z.string().describe('Human-readable; safe to show to end users.'),
    hint: z.string().describe('Concrete next action for the caller.'),
    status: z.int().min(400).max(599).describe('Mirrors the HTTP status.'),
    docs: z.url().describe('Absolute URL of the machine-readable description of this API.'),
    field: z
      .string()
      .optional()
      .describe('Present only on field-scoped validation failures; names the request field.'),
  })
  .strict()
  .describe('The `error` object. No other keys are allowed inside it.')
  .meta({ id: 'ApiErrorDetail' });

export const ApiErrorEnvelope = z
  .object({
    ok: z.literal(false).describe('Always false.'),
    error: ApiErrorDetail,
  })
  .describe('Error envelope of every 4xx/5xx response.')
  .meta({ id: 'ApiError' });

export const BlogListErrorResponse = ApiErrorEnvelope.extend({
  posts: z.array(z.unknown()).max(0).describe('Legacy: always empty.'),
  total: z.literal(0).describe('Legacy: always 0.'),
  page: z.int().min(1).describe('Legacy: the resolved page.'),
  limit: z.int().min(1).max(100).describe('Legacy: the resolved limit.'),
  hasMore: z.literal(false).describe('Legacy: always false.'),
})
  .describe('Error envelope of the blog list, with legacy list keys for older clients.')
  .meta({ id: 'BlogListErrorResponse' });

export const ContactErrorResponse = ApiErrorEnvelope.extend({
  success: z.literal(false).describe('Legacy: always false.'),
  message: z.string().describe('Legacy: mirror of error.message.'),
  code: z
    .string()
    .optional()
    .describe('Legacy: mirror of error.code, on bot-check rejections only.'),
})
  .describe('Error envelope of the contact endpoint, with legacy keys.')
  .meta({ id: 'ContactErrorResponse' });

export const LeadErrorResponse = ApiErrorEnvelope.describe(
  'Error envelope of the lead endpoint.',
).meta({
  id: 'LeadErrorResponse',
});
