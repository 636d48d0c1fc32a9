import { ApiErrorEnvelope } from '../../error';
import { z } from '../../zod';

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const error = (description: string) => json(ApiErrorEnvelope, description);

/** The errors every authenticated voice endpoint can answer. */
export const authErrors = {
  401: error(
    'UNAUTHENTICATED: no Authorization header, an unknown or a revoked key (`x-api-key` alone is not accepted).',
  ),
  403: error(
    'INSUFFICIENT_SCOPE: the API key lacks the scope this route needs, or the role of the member who made it no longer allows that scope (named in `error.field` and the message).',
  ),
  500: error('INTERNAL_ERROR: retry later; quote the X-Request-Id header to support.'),
  503: {
    ...error(
      'SERVICE_UNAVAILABLE: the store (Redis) or the database did not answer; nothing was done or charged. Retry after `Retry-After` seconds.',
    ),
    headers: z.object({ 'Retry-After': z.string().describe('Whole seconds, at least 1.') }),
  },
};

/** Every JSON body is read through lib/platform/http/read-json.ts, which refuses more than 1 MB. */
export const tooLarge = { 413: error('PAYLOAD_TOO_LARGE: the body is over 1 MB.') };

export const bearer = [{ bearerAuth: [] }];

/** The Idempotency-Key header, as lib/adapters/store/idempotency/run-idempotent.ts checks it. */
export const idempotencyKeyHeader = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/)
  .optional()
  .describe('1–255 printable ASCII characters (no spaces); remembered per organization.');
