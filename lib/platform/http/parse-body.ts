import type { z } from 'zod';
import { ApiError } from '../errors/api-error';
import type { ErrorCode } from '../errors/error-codes';

/** Validates with a zod schema; the first problem becomes one error naming its field. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code: ErrorCode = 'INVALID_BODY',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new ApiError(code, {
    message: field
      ? `${field}: ${issue?.message ?? 'invalid value'}`
      : (issue?.message ?? undefined),
    field,
  });
}
