/** Retry delays after the 1st, 2nd, … failed attempt; the last one repeats. */
const DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000];

/** A delivery older than this is given up (failed) instead of retried again. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

export function retryDelayMs(attempts: number): number {
  return DELAYS_MS[Math.min(attempts - 1, DELAYS_MS.length - 1)]!;
}
