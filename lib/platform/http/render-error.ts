import { ApiError } from '../errors/api-error';
import { asApiError } from '../errors/dependency-errors';
import { docsUrl, type ApiName } from './docs-url';

export interface ErrorEnvelope {
  ok: false;
  error: {
    code: string;
    message: string;
    hint: string;
    status: number;
    docs: string;
    field?: string;
  };
}

export interface RenderErrorContext {
  api: ApiName;
  request: Request;
  requestId: string;
  /** Per-endpoint legacy top-level keys, placed beside `ok` and `error`. */
  legacy?: (error: ErrorEnvelope['error']) => Record<string, unknown>;
}

/**
 * Turns anything thrown into the spec's envelope: a store or database outage becomes 503
 * SERVICE_UNAVAILABLE with Retry-After, other unknown errors a bare 500.
 */
export function renderError(thrown: unknown, context: RenderErrorContext): Response {
  let unknown = false;
  const error = asApiError(thrown, () => {
    unknown = true;
    return new ApiError('INTERNAL_ERROR');
  });
  // Known refusals (an ApiError, the database's LAST_OWNER) are answers, not faults to log.
  if (unknown || error.status >= 500) {
    const cause = thrown instanceof ApiError ? (thrown.cause ?? thrown) : thrown;
    console.error(`[${context.requestId}] ${error.code}:`, cause);
  }
  const detail: ErrorEnvelope['error'] = {
    code: error.code,
    message: error.message,
    hint: error.hint,
    status: error.status,
    docs: docsUrl(context.api),
    ...(error.field === undefined ? {} : { field: error.field }),
  };
  const legacy = context.legacy ? context.legacy(detail) : {};
  // The spec gives the speech endpoints' 429 a body of its own, not the envelope.
  const body =
    error.code === 'CONCURRENCY_LIMIT_REACHED'
      ? {
          error: 'concurrency_limit_reached',
          limit: error.limit ?? 0,
          message: error.message,
          docs: detail.docs,
        }
      : {
          ...legacy,
          ok: false as const,
          error: detail,
          // Beside `error`, whose keys are fixed: every bad line of an uploaded file.
          ...(error.problems === undefined ? {} : { problems: error.problems }),
          ...(error.nextAllowedAt === undefined ? {} : { next_allowed_at: error.nextAllowedAt }),
        };
  return Response.json(body, {
    status: error.status,
    headers: { ...error.headers, 'X-Request-Id': context.requestId, 'Cache-Control': 'no-store' },
  });
}
