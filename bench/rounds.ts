// What every benchmark here shares: argument checks, medians, and rotated rounds of load.
import type autocannon from 'autocannon';

export function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number >= 1`);
  return n;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Sample {
  round: number;
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

/**
 * Loads every target once per round, rotating the order each round so no route always runs
 * first (cold) or last (hot machine); prints and returns one sample per run.
 */
export async function runRotatedRounds<T extends { name: string }>(
  targets: T[],
  rounds: number,
  measure: (target: T) => Promise<autocannon.Result>,
): Promise<Sample[]> {
  const width = Math.max(...targets.map((t) => t.name.length));
  const samples: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
    for (const target of order) {
      const result = await measure(target);
      const sample: Sample = {
        round: round + 1,
        route: target.name,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requests: result.requests.total,
      };
      samples.push(sample);
      console.log(
        `  round ${sample.round}  ${target.name.padEnd(width)} ` +
          `${sample.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${sample.p99Ms} ms`,
      );
    }
  }
  return samples;
}

/** Each target's median req/s and p99 over its samples, in the targets' order. */
export function routeMedians<T extends { name: string }>(targets: T[], samples: Sample[]) {
  return targets.map((target) => {
    const own = samples.filter((s) => s.route === target.name);
    return {
      target,
      requestsPerSecond: median(own.map((s) => s.requestsPerSecond)),
      p99Ms: median(own.map((s) => s.p99Ms)),
    };
  });
}

/** Prints rows as an aligned table: the first two columns left-aligned, the figures right. */
export function printTable(rows: Record<string, string>[]): void {
  if (rows.length === 0) return;
  const header = Object.keys(rows[0]!);
  const cells = rows.map((r) => header.map((h) => r[h] ?? ''));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c.map((v, i) => (i < 2 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}

/** The command-line options of every benchmark that runs rotated autocannon rounds. */
export const ROUND_OPTIONS = {
  rounds: { type: 'string', default: '3' },
  duration: { type: 'string', default: '5' },
  connections: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '2' },
} as const;
