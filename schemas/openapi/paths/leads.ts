import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { LeadErrorResponse } from '../../error';
import { LeadSubmissionRequest, LeadSuccessResponse } from '../../leads';
import { z } from '../../zod';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const rateLimitHeaders = z.object({
  'RateLimit-Policy': z.string().describe('IETF draft: `"lead-submit";q=<limit>;w=60`.'),
  RateLimit: z.string().describe('IETF draft: `"lead-submit";r=<remaining>;t=<seconds to reset>`.'),
});

export function registerLeadPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/api/leads',
    operationId: 'submitLead',
    summary: 'Accept a lead for a CMS-defined form',
    description:
      'Stored synchronously; the CRM push happens after the response, so 200 means stored, not synced. ' +
      'Replaying a valid UUID v4 `event_id` returns the original envelope and fires nothing again. ' +
      'Rate limit: per IP per form, the form setting `rateLimitPerMinute` (default 5) per 60 seconds.',
    security: [],
    request: {
      body: { required: true, content: { 'application/json': { schema: LeadSubmissionRequest } } },
    },
    responses: {
      200: {
        ...json(LeadSuccessResponse, 'Stored (or intentionally not stored).'),
        headers: rateLimitHeaders,
      },
      400: json(LeadErrorResponse, 'INVALID_BODY, or a field validation code with `error.field`.'),
      403: json(LeadErrorResponse, 'BOTCHECK_INVALID: the supplied token was rejected.'),
      404: json(LeadErrorResponse, 'FORM_NOT_FOUND: no published form has this formSlug.'),
      429: {
        ...json(LeadErrorResponse, 'RATE_LIMITED: wait the Retry-After seconds.'),
        headers: rateLimitHeaders.extend({
          'Retry-After': z.string().describe('Whole seconds, at least 1.'),
        }),
      },
      500: json(
        LeadErrorResponse,
        'SUBMISSION_STORE_FAILED: retry with the same event_id, form and values.',
      ),
      503: json(LeadErrorResponse, 'FORM_LOOKUP_FAILED: nothing stored; retry the same request.'),
    },
  });
}
