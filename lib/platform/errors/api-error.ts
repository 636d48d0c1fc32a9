import { errorCodes, type ErrorCode } from './error-codes';

export interface ApiErrorOptions {
  message?: string;
  hint?: string;
  field?: string;
  /** Response headers that belong to this error (Retry-After, Allow, ...). */
  headers?: Record<string, string>;
  /** The organization's concurrency limit, for CONCURRENCY_LIMIT_REACHED's own body. */
  limit?: number;
  /** Each bad line of an uploaded file, so a person can fix them all at once. */
  problems?: ErrorProblem[];
  /** OUTSIDE_CALLING_HOURS: the first instant the number may be called (ISO 8601), or null. */
  nextAllowedAt?: string | null;
  cause?: unknown;
}

export interface ErrorProblem {
  line: number;
  reason: string;
}

/** The one error type routes and services throw; lib/platform/http renders it as the spec's envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly hint: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  readonly limit: number | undefined;
  readonly problems: ErrorProblem[] | undefined;
  readonly nextAllowedAt: string | null | undefined;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    const entry = errorCodes[code];
    super(options.message ?? entry.message, { cause: options.cause });
    this.code = code;
    this.status = entry.status;
    this.hint = options.hint ?? entry.hint;
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.limit = options.limit;
    this.problems = options.problems;
    this.nextAllowedAt = options.nextAllowedAt;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
