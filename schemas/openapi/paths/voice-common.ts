import { ApiErrorEnvelope } from '../../error';
import type { z } from '../../zod';

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
  500: error('INTERNAL_ERROR: retry later; quote the X-Request-Id header to support.'),
};

export const bearer = [{ bearerAuth: [] }];
