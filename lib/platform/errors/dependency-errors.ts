import { isDatabaseUnavailable, isLastOwnerViolation, isTransactionConflict } from './pg-errors';
import { DependencyUnavailable } from '../runtime/dependency-unavailable';
import { ApiError } from './api-error';

/** Seconds a client is told to wait while the store or the database is down. */
export const OUTAGE_RETRY_AFTER_SECONDS = 3;

/**
 * The outage behind an error, if any: the store adapters throw DependencyUnavailable, database
 * connection failures are recognised by their driver codes. Causes are followed a few levels,
 * since drizzle and our own wrappers put the driver's error in `cause`.
 */
export function dependencyOutage(error: unknown): DependencyUnavailable | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (DependencyUnavailable.is(current)) return current;
    if (current instanceof ApiError) return undefined; // already decided by the service
    current = (current as { cause?: unknown }).cause;
  }
  return isDatabaseUnavailable(error) ? new DependencyUnavailable('database', error) : undefined;
}

/** 503 SERVICE_UNAVAILABLE with Retry-After, for an outage. */
export function serviceUnavailable(cause: unknown): ApiError {
  return new ApiError('SERVICE_UNAVAILABLE', {
    cause,
    headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) },
  });
}

/**
 * For code that wraps unknown failures in an error of its own (SPEECH_FAILED): ApiErrors pass
 * through, an outage or a transaction Postgres rolled back (deadlock, serialization failure) becomes
 * the 503 (the engine is not to blame), the database's refusal to leave
 * an organization without an owner 409 LAST_OWNER (whichever path tried it), anything else
 * `fallback`.
 */
export function asApiError(error: unknown, fallback: (cause: unknown) => ApiError): ApiError {
  if (error instanceof ApiError) return error;
  // A transaction rolled back by a deadlock or serialization failure did nothing: retry later.
  if (dependencyOutage(error) || isTransactionConflict(error)) return serviceUnavailable(error);
  if (isLastOwnerViolation(error)) return new ApiError('LAST_OWNER', { cause: error });
  return fallback(error);
}
