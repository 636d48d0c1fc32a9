import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { LeadErrorResponse } from '../../error';
import { LeadSubmissionRequest, LeadSuccessResponse, LeadWebhookEvent } from '../../leads';
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
        // A replayed event_id answers from the idempotency record, without counting or headers.
        headers: rateLimitHeaders.partial(),
      },
      400: json(LeadErrorResponse, 'INVALID_BODY, or a field validation code with `error.field`.'),
      403: json(LeadErrorResponse, 'BOTCHECK_INVALID: the supplied token was rejected.'),
      404: json(LeadErrorResponse, 'FORM_NOT_FOUND: no published form has this formSlug.'),
      413: json(LeadErrorResponse, 'PAYLOAD_TOO_LARGE: the body is over 1 MB.'),
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

  registry.registerWebhook({
    method: 'post',
    path: 'lead.submitted',
    operationId: 'leadSubmittedWebhook',
    summary: 'A stored lead, pushed to each destination of its form',
    description:
      'Sent after the response to `submitLead`, once per stored submission and destination, signed per ' +
      'Standard Webhooks (https://www.standardwebhooks.com/) with the `LEAD_WEBHOOK_SECRET`. ' +
      '`webhook-id` is `<submissionId>.<destination key>` and stays the same on retries, so a receiver ' +
      'can drop repeats. Any 2xx acknowledges; anything else (or no answer in 10 s) is retried with ' +
      'backoff. Receivers on private addresses are refused unless allow-listed; redirects are not followed.',
    request: {
      headers: z.object({
        'webhook-id': z.string().describe('Stable per submission and destination.'),
        'webhook-timestamp': z.string().describe('Unix seconds at signing.'),
        'webhook-signature': z
          .string()
          .describe('`v1,<base64 HMAC-SHA256>` over id.timestamp.body.'),
      }),
      body: { required: true, content: { 'application/json': { schema: LeadWebhookEvent } } },
    },
    responses: {
      200: { description: 'Any 2xx status acknowledges the delivery.' },
    },
  });
}
