import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ContactRequest, ContactSuccessResponse } from '../../contact';
import { ContactErrorResponse } from '../../error';
import type { z } from '../../zod';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export function registerContactPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/api/contact',
    operationId: 'submitContactForm',
    summary: 'Accept a general contact enquiry',
    description:
      'Forwarded to the CRM after the response: 200 means accepted, not delivered. No per-IP rate limit. ' +
      'Bot verification is enforced only when the site has a verification secret; tokens are single-use.',
    security: [],
    request: {
      body: { required: true, content: { 'application/json': { schema: ContactRequest } } },
    },
    responses: {
      200: json(ContactSuccessResponse, 'Accepted.'),
      400: json(
        ContactErrorResponse,
        'INVALID_BODY (the body is not JSON or not UTF-8), MISSING_REQUIRED_FIELDS (name, email or message missing, empty or whitespace, or a malformed email), or BOTCHECK_MISSING.',
      ),
      403: json(ContactErrorResponse, 'BOTCHECK_INVALID: the token was rejected or already used.'),
      413: json(ContactErrorResponse, 'PAYLOAD_TOO_LARGE: the body is over 1 MB.'),
      500: json(ContactErrorResponse, 'CONTACT_INTERNAL_ERROR: the handler failed.'),
    },
  });
}
