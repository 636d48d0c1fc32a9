import { MAX_SCHEDULE_DAYS } from '@/schemas/calls';
import { ApiError } from '../../platform/errors/api-error';

const MAX_AHEAD_MS = MAX_SCHEDULE_DAYS * 24 * 60 * 60_000;

/**
 * The moment a request's start_time asks for, judged on the server's clock: not before now (a
 * moment already gone would dial at once, which the caller did not ask for) and at most 30 days
 * ahead. Null when the request sets none. `field` names it in the error (a batch's sits in
 * call_params).
 */
export function checkStartTime(
  startTime: string | null | undefined,
  nowMs: number,
  field = 'start_time',
): Date | null {
  if (startTime === null || startTime === undefined) return null;
  const at = Date.parse(startTime);
  if (at < nowMs) {
    throw new ApiError('INVALID_BODY', {
      message: `${field}: ${startTime} has passed (it is ${new Date(nowMs).toISOString()} now); send a moment from now on, or none to dial now.`,
      field,
    });
  }
  if (at > nowMs + MAX_AHEAD_MS) {
    throw new ApiError('INVALID_BODY', {
      message: `${field}: at most ${MAX_SCHEDULE_DAYS} days ahead (until ${new Date(nowMs + MAX_AHEAD_MS).toISOString()}).`,
      field,
    });
  }
  return new Date(at);
}
