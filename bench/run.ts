// npm run bench — requests/s and p99 latency of GET /api/blog (cached) and GET /api/stats/calls,
// each as a ratio against a bare route handler of the same server, measured in the same run.
// See bench/README.md for how to read the output.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from '../tests/support/server';
import { positiveInt, printTable, ROUND_OPTIONS, routeMedians, runRotatedRounds } from './rounds';

interface Target {
  name: string;
  path: string;
  /** The status every response must have; anything else invalidates the run. */
  status: number;
}

/**
 * The baseline is the catch-all `app/api/[[...path]]/route.ts`: an unknown `/api/*` path answers
 * a 404 JSON envelope through the same `defineRoute` wrapper as the measured routes, with no I/O,
 * no cache and no domain code. Using it (instead of adding a public route for the benchmark) keeps
 * the deployed surface unchanged; the ratio then shows what each route's own work costs.
 */
const BASELINE: Target = { name: 'baseline', path: '/api/__bench_baseline', status: 404 };
const TARGETS: Target[] = [
  BASELINE,
  { name: 'blog (cached)', path: '/api/blog', status: 200 },
  { name: 'stats', path: '/api/stats/calls', status: 200 },
];

interface Summary {
  route: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  requestsPerSecondRatio: number;
  p99Ratio: number;
}

const { values: args } = parseArgs({
  options: {
    ...ROUND_OPTIONS,
  },
});

const settings = {
  rounds: positiveInt('rounds', args.rounds),
  durationSeconds: positiveInt('duration', args.duration),
  connections: positiveInt('connections', args.connections),
  warmupSeconds: positiveInt('warmup', args.warmup),
};

async function load(
  server: RunningServer,
  target: Target,
  durationSeconds: number,
): Promise<autocannon.Result> {
  const result = await autocannon({
    url: server.url + target.path,
    connections: settings.connections,
    duration: durationSeconds,
  });
  const wrongStatus = target.status === 200 ? result.non2xx : result['2xx'] + result['5xx'];
  if (result.errors > 0 || result.timeouts > 0 || wrongStatus > 0) {
    throw new Error(
      `${target.path}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${wrongStatus} responses without status ${target.status}; the numbers would be meaningless`,
    );
  }
  return result;
}

/** One request per target: each answers its expected status, and /api/blog lands in the cache. */
async function checkAndWarm(server: RunningServer): Promise<void> {
  for (const target of TARGETS) {
    const response = await fetch(server.url + target.path);
    const body = await response.text();
    if (
      response.status !== target.status ||
      !response.headers.get('content-type')?.includes('json')
    )
      throw new Error(
        `${target.path} answered ${response.status}, expected ${target.status}: ${body}`,
      );
  }
  // Short runs of each: the blog cache is filled and every code path is compiled by the JIT.
  for (const target of TARGETS) await load(server, target, settings.warmupSeconds);
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function printSummary(rows: Summary[]): void {
  printTable(
    rows.map((r) => ({
      route: r.route,
      path: r.path,
      'req/s': r.requestsPerSecond.toFixed(0),
      'p99 ms': r.p99Ms.toFixed(1),
      'req/s ratio': r.requestsPerSecondRatio.toFixed(2),
      'p99 ratio': r.p99Ratio.toFixed(2),
    })),
  );
}

async function main(): Promise<void> {
  if (!existsSync('.next/BUILD_ID')) {
    console.error('No production build found (.next/BUILD_ID). Run `npm run build` first.');
    process.exitCode = 1;
    return;
  }
  const server = await startServer();
  const stop = () => void server.stop().then(() => process.exit(130));
  // A stopped benchmark takes its servers with it (SIGTERM too: `kill`, a CI timeout).
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    console.log(
      `server ${server.url}; ${settings.rounds} rounds x ${TARGETS.length} routes x ` +
        `${settings.durationSeconds} s, ${settings.connections} connections`,
    );
    await checkAndWarm(server);

    const samples = await runRotatedRounds(TARGETS, settings.rounds, (target) =>
      load(server, target, settings.durationSeconds),
    );
    const medians = routeMedians(TARGETS, samples);
    const base = medians[0]!;
    const summary: Summary[] = medians.map((m) => ({
      route: m.target.name,
      path: m.target.path,
      requestsPerSecond: m.requestsPerSecond,
      p99Ms: m.p99Ms,
      requestsPerSecondRatio: m.requestsPerSecond / base.requestsPerSecond,
      p99Ratio: m.p99Ms / base.p99Ms,
    }));

    console.log(`\nmedians of ${settings.rounds} rounds; ratios against ${BASELINE.name}:`);
    printSummary(summary);

    const finishedAt = new Date().toISOString();
    const dir = join('bench', 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${finishedAt.replace(/[:.]/g, '-')}.json`);
    const record = {
      finishedAt,
      commit: gitCommit(),
      node: process.version,
      cpus: cpus().length,
      settings,
      baseline: BASELINE,
      summary,
      samples,
    };
    writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
    console.log(`\nwritten to ${file}`);
  } finally {
    process.off('SIGINT', stop);
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
