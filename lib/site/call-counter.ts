// The home page counter, derived on the client from GET /api/stats/calls as the spec describes:
// rate = (count − previous.count) / (asOf − previous.asOf). No extra endpoint.

export interface CounterAnchors {
  count: number;
  asOf: string;
  previous: { count: number; asOf: string };
}

/** Calls per millisecond between the two anchors (0 when the anchors make no sense). */
export function modeledRate(stats: CounterAnchors): number {
  const span = Date.parse(stats.asOf) - Date.parse(stats.previous.asOf);
  const delta = stats.count - stats.previous.count;
  return span > 0 && delta > 0 ? delta / span : 0;
}

/**
 * The number to show at `nowMs`: it walks from the older anchor to the newer one over the five
 * minutes after `asOf`, at the modeled rate, so it never shows more than the published count and
 * joins the next bucket's `previous.count` without a jump. Clamped to the two anchors.
 */
export function displayedCount(stats: CounterAnchors, nowMs: number): number {
  const elapsed = nowMs - Date.parse(stats.asOf);
  const value = stats.previous.count + Math.floor(modeledRate(stats) * Math.max(0, elapsed));
  return Math.min(stats.count, Math.max(stats.previous.count, value));
}

/** When the next bucket's anchors are due: five minutes (one bucket span) after `asOf`. */
export function nextFetchAt(stats: CounterAnchors): number {
  const span = Date.parse(stats.asOf) - Date.parse(stats.previous.asOf);
  return Date.parse(stats.asOf) + (span > 0 ? span : 300_000);
}
