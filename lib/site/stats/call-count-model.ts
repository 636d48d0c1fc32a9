import { sinTurns } from './sin-turns';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Parameters of the modeled (not measured) calls-resolved counter. */
export interface CallCountModel {
  /** Milliseconds since 1970 at which the counter reads `startCount`. */
  epochMs: number;
  startCount: number;
  /** Mean calls per hour over a UTC day. */
  callsPerHour: number;
  /** How far the hourly rate swings around the mean, 0..1 (1: down to zero at the trough). */
  dailyAmplitude: number;
  /** UTC hour of day (0 <= h < 24) at which the rate peaks. */
  peakHourUtc: number;
}

/** Why a model cannot produce a count; the service maps it to STATS_UNAVAILABLE. */
export class CallCountModelError extends RangeError {
  override name = 'CallCountModelError';
}

/** Throws when the parameters would break the model's guarantees (monotonic, safe integers). */
export function assertValidModel(model: CallCountModel): void {
  const { epochMs, startCount, callsPerHour, dailyAmplitude, peakHourUtc } = model;
  const problems = [
    Number.isSafeInteger(epochMs) ? '' : 'epochMs must be a whole number of milliseconds',
    Number.isSafeInteger(startCount) && startCount >= 0
      ? ''
      : 'startCount must be a safe integer >= 0',
    Number.isFinite(callsPerHour) && callsPerHour >= 0
      ? ''
      : 'callsPerHour must be finite and >= 0',
    // Above 1 the rate goes negative at the trough and the counter would fall.
    dailyAmplitude >= 0 && dailyAmplitude <= 1 ? '' : 'dailyAmplitude must be within 0..1',
    peakHourUtc >= 0 && peakHourUtc < 24 ? '' : 'peakHourUtc must be within 0..<24',
  ].filter(Boolean);
  if (problems.length > 0) throw new CallCountModelError(`invalid model: ${problems.join('; ')}`);
}

/** Position in the daily rhythm, in turns, with 0 at the peak hour. Integer ms keep it exact. */
function rhythmPhase(model: CallCountModel, atMs: number): number {
  const msOfDay = ((atMs % DAY_MS) + DAY_MS) % DAY_MS;
  return (msOfDay - model.peakHourUtc * HOUR_MS) / DAY_MS;
}

/**
 * Calls modeled between the epoch and `atMs`, real-valued.
 *
 * rate(t)  = R·(1 + A·cos 2π·phase(t))                    calls per hour, >= 0 because A <= 1
 * calls(t) = R·[hours(t - epoch) + A·(24/2π)·(sin 2π·phase(t) - sin 2π·phase(epoch))]
 *
 * The second line is the exact integral of the first, so it never decreases and costs the same
 * to compute for any date (no summing over elapsed buckets).
 */
export function modeledCallsSinceEpoch(model: CallCountModel, atMs: number): number {
  assertValidModel(model);
  if (!Number.isSafeInteger(atMs)) throw new CallCountModelError('time must be whole milliseconds');
  if (atMs < model.epochMs) throw new CallCountModelError('time is before the model epoch');
  const hours = (atMs - model.epochMs) / HOUR_MS;
  const swing =
    ((model.dailyAmplitude * 24) / (2 * Math.PI)) *
    (sinTurns(rhythmPhase(model, atMs)) - sinTurns(rhythmPhase(model, model.epochMs)));
  // Rounding can leave a hair below zero just after an epoch that sits at a zero-rate trough.
  return Math.max(0, model.callsPerHour * (hours + swing));
}

/** The published count at `atMs`: whole calls, and exact (a safe integer) or an error. */
export function callCountAt(model: CallCountModel, atMs: number): number {
  // floor(S + x) = S + floor(x) for a whole S; adding S after the floor keeps the count exact
  // even when S is so large that a float S + x would round away part of x.
  const count = model.startCount + Math.floor(modeledCallsSinceEpoch(model, atMs));
  if (!Number.isSafeInteger(count)) {
    throw new CallCountModelError('count is beyond 2^53 - 1 and would lose precision');
  }
  return count;
}
