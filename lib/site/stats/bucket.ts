/** The counter moves in 5-minute UTC steps (spec: Limits, "Stats bucket"). */
export const BUCKET_MS = 5 * 60 * 1000;

/** Start of the 5-minute UTC bucket holding `ms`; floor (not truncation) keeps pre-1970 times right. */
export function bucketStart(ms: number): number {
  return Math.floor(ms / BUCKET_MS) * BUCKET_MS;
}
