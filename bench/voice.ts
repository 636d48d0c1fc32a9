// npm run bench:voice — POST /v1/calls requests/s, GET /batch p99 at 10,000 calls, and the tool
// server's tools/list and get_call requests/s, each as a ratio against the bare catch-all 404
// route of the same server, measured in the same run.
// See bench/README.md ("Voice platform") for how to read the output.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freshPostgresUrl } from '../tests/support/databases';
import { startServer, type RunningServer } from '../tests/support/server';
import {
  positiveInt,
  printTable,
  median,
  ROUND_OPTIONS,
  routeMedians,
  runRotatedRounds,
  type Sample,
} from './rounds';
import { procCpuMs } from './proc-cpu';

interface Target {
  name: string;
  server: RunningServer;
  method: 'GET' | 'POST';
  path: string;
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Fewer connections for a route whose single response is large (a queue would only add wait). */
  connections?: number;
  /** A floor for the req/s ratio against the baseline, or a ceiling for p99 in ms. */
  goal?: { ratio: number } | { p99Ms: number };
}

const goalText = (goal: Target['goal']) =>
  !goal ? '' : 'ratio' in goal ? `req/s ratio >= ${goal.ratio}` : `p99 <= ${goal.p99Ms} ms`;

const { values: args } = parseArgs({
  options: {
    ...ROUND_OPTIONS,
    rows: { type: 'string', default: '10000' },
    postgres: { type: 'boolean', default: false },
    // The shared store on a real redis-server (TEST_REDIS_URL or the local default), as in production.
    redis: { type: 'boolean', default: false },
    // Another checkout with its own build (e.g. an earlier commit in a git worktree): the same
    // routes on its server are measured in the same rounds, and each route is compared with it.
    against: { type: 'string' },
  },
});

const settings = {
  rounds: positiveInt('rounds', args.rounds),
  durationSeconds: positiveInt('duration', args.duration),
  connections: positiveInt('connections', args.connections),
  warmupSeconds: positiveInt('warmup', args.warmup),
  rows: positiveInt('rows', args.rows),
  database: args.postgres ? 'postgres' : 'pglite',
  store: args.redis ? 'redis' : 'embedded',
};

async function load(target: Target, seconds: number) {
  const result = await autocannon({
    url: target.server.url + target.path,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: target.connections ?? settings.connections,
    duration: seconds,
    timeout: 30,
  });
  const wrong = target.status === 200 ? result.non2xx : result['2xx'] + result['5xx'];
  if (result.errors > 0 || result.timeouts > 0 || wrong > 0) {
    throw new Error(
      `${target.method} ${target.path}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${wrong} responses without status ${target.status}; the numbers would be meaningless`,
    );
  }
  return result;
}

async function json(response: Response, status: number): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

/** An org with credit enough for every call, and a batch of `rows` calls that stay queued. */
async function prepare(server: RunningServer, adminToken: string) {
  const org = await json(
    await fetch(server.url + '/internal/orgs', {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', starting_credit_usd: 10_000 }),
    }),
    201,
  );
  const key = String(org.api_key);
  const startedAt = performance.now();
  const batch = await json(
    await fetch(server.url + '/v1/batches', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        base_prompt: 'Remind {{name}} of the appointment on {{day}}.',
        label: 'bench',
        call_data: Array.from({ length: settings.rows }, (_, i) => ({
          // Every hundredth row is not a number: the batch holds call_error calls too.
          phone_number: i % 100 === 99 ? 'n/a' : `+1415555${String(1000 + (i % 9000))}`,
          name: `Caller ${i}`,
          day: 'Monday',
        })),
      }),
    }),
    200,
  );
  const createMs = performance.now() - startedAt;
  const call = await json(
    await fetch(server.url + '/v1/calls', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: '+14155550123', task: 'Say hello.' }),
    }),
    200,
  );
  return { key, batchId: String(batch.batch_id), callId: String(call.call_id), createMs };
}

/** A server of one checkout on its own fresh database (or PGlite) and store prefix. */
async function startBenchServer(adminToken: string, cwd?: string) {
  const database = settings.database === 'postgres' ? await freshPostgresUrl() : null;
  // CALL_SCHEDULER=false: the server only takes requests; no call is played while measuring.
  const server = await startServer({
    cwd,
    env: {
      ADMIN_TOKEN: adminToken,
      CALL_SCHEDULER: 'false',
      // The calling rules check the window in the callee's zones as in production, at any hour the
      // benchmark runs (tests/support/server.ts turns the window off); earlier commits ignore it.
      CALL_HOURS: '00:00-24:00',
      // The spec's 120 per minute would refuse the load itself; the limiter still runs per request.
      MCP_REQUESTS_PER_MINUTE: '1000000',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...(args.redis
        ? {
            REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
            STORE_KEY_PREFIX: `bench-${randomBytes(4).toString('hex')}:`,
          }
        : {}),
    },
  });
  return {
    server,
    stop: async () => {
      await server.stop();
      await database?.drop();
    },
  };
}

/** The measured routes of one server; `label` tells the compared checkout's apart. */
function targetsOf(
  server: RunningServer,
  label: string,
  { key, batchId, callId }: { key: string; batchId: string; callId: string },
): Target[] {
  const auth = { authorization: `Bearer ${key}` };
  // A 2025-era client's request (what most clients send): stateless, answered as JSON.
  const mcp = (method: string, params: Record<string, unknown>) => ({
    server,
    method: 'POST' as const,
    path: '/v1/mcp',
    status: 200,
    headers: {
      ...auth,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    goal: { ratio: 0.5 },
  });
  const targets: Target[] = [
    { server, name: 'baseline', method: 'GET', path: '/api/__bench_baseline', status: 404 },
    {
      server,
      name: 'POST /v1/calls',
      method: 'POST',
      path: '/v1/calls',
      status: 200,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        phone_number: '+14155550123',
        task: 'Confirm the appointment of {{name}}.',
        request_data: { name: 'Ada' },
        // Each queued call holds its worst case from the wallet (nothing ends while the scheduler
        // is off): one minute, $0.09, keeps the $10,000 org payable for 100,000 calls.
        max_duration: 1,
      }),
      // Issue 16 raised this from 0.5 (issue 8) for PostgreSQL.
      goal: { ratio: 0.8 },
    },
    {
      server,
      name: 'GET /batch no calls',
      method: 'GET',
      path: `/batch?batch_id=${batchId}&include_calls=false`,
      status: 200,
      headers: auth,
      goal: { p99Ms: 200 },
    },
    {
      server,
      name: 'GET /batch no calls 1c',
      method: 'GET',
      path: `/batch?batch_id=${batchId}&include_calls=false`,
      status: 200,
      headers: auth,
      connections: 1,
      goal: { p99Ms: 200 },
    },
    { name: 'MCP tools/list', ...mcp('tools/list', {}) },
    {
      name: 'MCP get_call',
      ...mcp('tools/call', { name: 'get_call', arguments: { call_id: callId } }),
    },
    {
      server,
      name: 'GET /batch with calls',
      method: 'GET',
      path: `/batch?batch_id=${batchId}`,
      status: 200,
      headers: auth,
      connections: 1,
      goal: { p99Ms: 200 },
    },
  ];
  return targets.map((t) => ({ ...t, name: label + t.name }));
}

const AGAINST = 'against: ';

async function main(): Promise<void> {
  for (const dir of ['.', ...(args.against ? [args.against] : [])]) {
    if (!existsSync(join(dir, '.next/BUILD_ID'))) {
      console.error(
        `No production build in ${dir} (.next/BUILD_ID). Run \`npm run build\` there first.`,
      );
      process.exitCode = 1;
      return;
    }
  }
  const adminToken = randomBytes(24).toString('hex');
  const here = await startBenchServer(adminToken);
  const there = args.against ? await startBenchServer(adminToken, args.against) : null;
  const server = here.server;
  const stop = () => void Promise.all([here.stop(), there?.stop()]).then(() => process.exit(130));
  // A stopped benchmark takes its servers with it (SIGTERM too: `kill`, a CI timeout).
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const prepared = await prepare(server, adminToken);
    const { createMs } = prepared;
    console.log(
      `server ${server.url} (${settings.database}, ${settings.store} store); POST /v1/batches of ${settings.rows} rows took ` +
        `${createMs.toFixed(0)} ms; ${settings.rounds} rounds x ${settings.durationSeconds} s`,
    );
    const targets = targetsOf(server, '', prepared);
    const compared = there
      ? targetsOf(there.server, AGAINST, await prepare(there.server, adminToken))
      : [];
    if (there) console.log(`against ${args.against}: server ${there.server.url}`);
    const all = [...targets, ...compared];
    for (const target of all) await load(target, settings.warmupSeconds);

    // Each round's server CPU per request, in µs, by route name.
    const cpu = new Map<string, number[]>();
    const samples = await runRotatedRounds(all, settings.rounds, async (target) => {
      const before = procCpuMs(`/proc/${target.server.pid}/stat`);
      const result = await load(target, settings.durationSeconds);
      const perRequest =
        ((procCpuMs(`/proc/${target.server.pid}/stat`) - before) * 1000) / result.requests.total;
      cpu.set(target.name, [...(cpu.get(target.name) ?? []), perRequest]);
      return result;
    });
    const cpuOf = (name: string) => median(cpu.get(name) ?? [0]);
    const medians = routeMedians(targets, samples).map((m) => ({
      target: m.target,
      rps: m.requestsPerSecond,
      p99: m.p99Ms,
    }));
    const base = medians[0]!;
    const summary = medians.map((m) => ({
      route: m.target.name,
      connections: m.target.connections ?? settings.connections,
      requestsPerSecond: m.rps,
      p99Ms: m.p99,
      requestsPerSecondRatio: m.rps / base.rps,
      p99Ratio: m.p99 / base.p99,
      goal: goalText(m.target.goal) || null,
      goalMet: !m.target.goal
        ? null
        : 'ratio' in m.target.goal
          ? m.rps / base.rps >= m.target.goal.ratio
          : m.p99 <= m.target.goal.p99Ms,
    }));
    console.log(`\nmedians of ${settings.rounds} rounds; ratios against the baseline:`);
    printTable(
      summary.map((s) => ({
        route: s.route,
        goal: s.goal ?? '',
        conns: String(s.connections),
        'req/s': s.requestsPerSecond.toFixed(0),
        'p99 ms': s.p99Ms.toFixed(1),
        'req/s ratio': s.requestsPerSecondRatio.toFixed(2),
        'p99 ratio': s.p99Ratio.toFixed(2),
        'CPU µs/req': cpuOf(s.route).toFixed(0),
        met: s.goalMet === null ? '' : s.goalMet ? 'yes' : 'NO',
      })),
    );

    const comparison = there ? compare(targets, compared, samples, cpuOf) : null;
    if (comparison) {
      console.log(
        `\nthis checkout against ${args.against}, same rounds (ratio > 1: this one faster):`,
      );
      printTable(
        comparison.map((c) => ({
          route: c.route,
          'req/s': c.requestsPerSecond.toFixed(0),
          'req/s against': c.againstRequestsPerSecond.toFixed(0),
          'req/s ratio': c.requestsPerSecondRatio.toFixed(2),
          'p99 ms': c.p99Ms.toFixed(1),
          'p99 against': c.againstP99Ms.toFixed(1),
          'CPU µs/req': c.cpuMicrosPerRequest.toFixed(0),
          'CPU against': c.againstCpuMicrosPerRequest.toFixed(0),
          'CPU ratio': (c.cpuMicrosPerRequest / c.againstCpuMicrosPerRequest).toFixed(2),
        })),
      );
    }

    const finishedAt = new Date().toISOString();
    const dir = join('bench', 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `voice-${finishedAt.replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          finishedAt,
          node: process.version,
          cpus: cpus().length,
          settings,
          against: args.against ?? null,
          createMs,
          summary,
          comparison,
          samples,
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`\nwritten to ${file}`);
  } finally {
    process.off('SIGINT', stop);
    await Promise.all([here.stop(), there?.stop()]);
  }
}

/** Each route's medians here and on the compared checkout's server, from the same rounds. */
function compare(
  targets: Target[],
  compared: Target[],
  samples: Sample[],
  cpuOf: (name: string) => number,
) {
  const mine = routeMedians(targets, samples);
  const theirs = routeMedians(compared, samples);
  return mine.map((m, i) => {
    const t = theirs[i]!;
    return {
      route: m.target.name,
      requestsPerSecond: m.requestsPerSecond,
      againstRequestsPerSecond: t.requestsPerSecond,
      requestsPerSecondRatio: m.requestsPerSecond / t.requestsPerSecond,
      p99Ms: m.p99Ms,
      againstP99Ms: t.p99Ms,
      cpuMicrosPerRequest: cpuOf(m.target.name),
      againstCpuMicrosPerRequest: cpuOf(t.target.name),
    };
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
