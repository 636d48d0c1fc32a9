import type { z } from 'zod';
import { ApiError } from '../errors/api-error';
import type { ErrorCode } from '../errors/error-codes';

/**
 * The problem to name. A value refused by `X | null` fails both branches, and zod says only
 * "Invalid input"; the branch that is not the null is what the sender meant, so its own first
 * problem is named (with its path under the union's).
 */
function firstProblem(issue: z.core.$ZodIssue | undefined): z.core.$ZodIssue | undefined {
  if (issue?.code !== 'invalid_union') return issue;
  const meant = issue.errors.filter(
    (branch) =>
      !(branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].expected === 'null'),
  );
  const inner = meant.length === 1 ? meant[0]![0] : undefined;
  if (!inner || meant.length === issue.errors.length) return issue;
  return firstProblem({ ...inner, path: [...issue.path, ...inner.path] });
}

/** Validates with a zod schema; the first problem becomes one error naming its field. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code: ErrorCode = 'INVALID_BODY',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = firstProblem(result.error.issues[0]);
  const field = issue?.path.map(String).join('.') || undefined;
  throw new ApiError(code, {
    message: field
      ? `${field}: ${issue?.message ?? 'invalid value'}`
      : (issue?.message ?? undefined),
    field,
  });
}
