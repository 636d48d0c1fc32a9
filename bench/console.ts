// npm run bench:console — the console's calls list and call page at 100,000 calls in the org
// (server response time, p50/p99) against GET /v1/calls and GET /v1/calls/{id} for the same
// page in the same run (goal: ≤ 1.5×), with the server's CPU per request read from /proc; and
// every console page's first-load JavaScript, compressed, read from the build's chunks the
// page's HTML loads (goal: ≤ 200 KB on the heaviest).
// Usage: npm run build && npm run bench:console [-- --rows 100000 --rounds 3 --duration 5]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { createConsoleKey, firstOrgId, signIn } from '../tests/support/accounts-api';
import { startConsoleServer } from '../tests/support/console-api';
import { ADMIN_TOKEN } from '../tests/support/http';
import { median, positiveInt, printTable, runRotatedRounds, type Sample } from './rounds';
import { procCpuMs } from './proc-cpu';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const settings = {
  rows: positiveInt('rows', args.rows),
  rounds: positiveInt('rounds', args.rounds),
  seconds: positiveInt('duration', args.duration),
  connections: positiveInt('connections', args.connections),
};
const BATCH_ROWS = 10_000;
const GOAL_RATIO = 1.5;
const GOAL_JS_KB = 200;

interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
}

async function ok(response: Response, status: number) {
  const text = await response.text();
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return text;
}

/** `rows` queued calls in the org, made through the API in batches of 10,000 (its maximum). */
async function fillCalls(base: string, key: string, orgId: string) {
  await ok(
    await fetch(`${base}/internal/orgs/${orgId}/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount_usd: 1000 }),
    }),
    201,
  );
  for (let done = 0; done < settings.rows; done += BATCH_ROWS) {
    const rows = Math.min(BATCH_ROWS, settings.rows - done);
    await ok(
      await fetch(`${base}/v1/batches`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          base_prompt: 'Remind {{name}} of the appointment.',
          label: `bench ${done}`,
          call_data: Array.from({ length: rows }, (_, i) => ({
            phone_number: `+1415555${String(1000 + ((done + i) % 9000))}`,
            name: `Caller ${done + i}`,
          })),
        }),
      }),
      200,
    );
  }
}

/** The compressed bytes of the scripts a page's HTML loads, read from .next/static. */
function firstLoadJsKb(html: string): number {
  const sources = new Set(
    [...html.matchAll(/<script\b[^>]*>/g)]
      // noModule scripts (polyfills) are not loaded by the browsers that run the console.
      .filter((m) => !/nomodule/i.test(m[0]))
      .map((m) => /\bsrc="([^"]+\.js)[^"]*"/.exec(m[0])?.[1])
      .filter((src): src is string => src !== undefined),
  );
  let bytes = 0;
  for (const src of sources) {
    const file = join('.next', src.replace(/^\/_next\//, ''));
    bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return bytes / 1024;
}

async function main(): Promise<void> {
  if (!existsSync('.next/BUILD_ID'))
    throw new Error('No production build: run `npm run build` first.');
  // CALL_SCHEDULER=false: the calls stay queued; nothing plays while measuring.
  const accounts = await startConsoleServer({ CALL_SCHEDULER: 'false' });
  const base = accounts.server.url;
  try {
    const cookie = await signIn(accounts, `bench-${Date.now()}@example.com`);
    const orgId = await firstOrgId(base, cookie);
    const { api_key: key } = await createConsoleKey(base, cookie, orgId, [
      'calls:read',
      'calls:write',
    ]);
    const started = performance.now();
    await fillCalls(base, key, orgId);
    console.log(
      `${settings.rows} calls made in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
        `${settings.rounds} rounds x ${settings.seconds} s, ${settings.connections} connections`,
    );
    const list = (await (
      await fetch(`${base}/v1/calls?limit=50`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { calls: { call_id: string }[] };
    const callId = list.calls[0]!.call_id;
    const page = { cookie };
    const api = { authorization: `Bearer ${key}` };
    const targets: Target[] = [
      { name: 'GET /v1/calls (50)', path: '/v1/calls?limit=50', headers: api },
      { name: 'console calls list', path: `/console/orgs/${orgId}/calls`, headers: page },
      { name: 'GET /v1/calls/{id}', path: `/v1/calls/${callId}`, headers: api },
      { name: 'console call page', path: `/console/orgs/${orgId}/calls/${callId}`, headers: page },
    ];
    // autocannon replays one Cookie header; a browser keeps its jar, whose one-minute session
    // copy the console renews as it lapses. Each run (shorter than a minute) starts with a
    // renewed jar, as a browser's would be.
    const renewed = async () => {
      const lapsed = cookie
        .split('; ')
        .filter((pair) => !/^(__Secure-)?better-auth\.session_data=/.test(pair));
      const response = await fetch(`${base}/console/orgs/${orgId}/calls`, {
        headers: { cookie: lapsed.join('; ') },
      });
      await response.arrayBuffer();
      const fresh = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
      if (!fresh.some((pair) => pair.includes('session_data=')))
        throw new Error('the console did not renew the session cookie cache');
      return [...lapsed, ...fresh].join('; ');
    };
    const pid = accounts.server.pid;
    const cpuPerRequest = new Map<string, number[]>();
    const samples: Sample[] = await runRotatedRounds(targets, settings.rounds, async (t) => {
      const headers = t.headers === page ? { cookie: await renewed() } : t.headers;
      const cpuBefore = procCpuMs(`/proc/${pid}/stat`);
      const result = await autocannon({
        url: base + t.path,
        headers,
        connections: settings.connections,
        duration: settings.seconds,
        timeout: 30,
      });
      if (result.errors || result.timeouts || result.non2xx)
        throw new Error(`${t.path}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      const own = cpuPerRequest.get(t.name) ?? [];
      own.push((procCpuMs(`/proc/${pid}/stat`) - cpuBefore) / result.requests.total);
      cpuPerRequest.set(t.name, own);
      return result;
    });
    const stat = (name: string) => {
      const own = samples.filter((s) => s.route === name);
      return {
        p50: median(own.map((s) => s.p50Ms)),
        p99: median(own.map((s) => s.p99Ms)),
        cpu: median(cpuPerRequest.get(name) ?? [0]),
      };
    };
    let met = true;
    const rows = [
      ['console calls list', 'GET /v1/calls (50)'],
      ['console call page', 'GET /v1/calls/{id}'],
    ].map(([pageName, apiName]) => {
      const p = stat(pageName!);
      const a = stat(apiName!);
      const ratio50 = p.p50 / a.p50;
      const ratio99 = p.p99 / a.p99;
      met &&= ratio50 <= GOAL_RATIO && ratio99 <= GOAL_RATIO;
      return {
        page: pageName!,
        against: apiName!,
        'p50 ms': `${p.p50} / ${a.p50}`,
        'p99 ms': `${p.p99} / ${a.p99}`,
        'p50 ratio': ratio50.toFixed(2),
        'p99 ratio': ratio99.toFixed(2),
        // Not a goal: where the time goes when latency is dominated by queueing for the CPU.
        'CPU ms/req (page / API)': `${p.cpu.toFixed(1)} / ${a.cpu.toFixed(1)}`,
        'CPU ratio': (p.cpu / a.cpu).toFixed(2),
      };
    });
    printTable(rows);

    const pages = [
      ['calls list', `/console/orgs/${orgId}/calls`],
      ['call page', `/console/orgs/${orgId}/calls/${callId}`],
      ['limits', `/console/orgs/${orgId}/limits`],
      ['usage and billing', `/console/orgs/${orgId}/billing`],
      ['console landing', '/console'],
    ] as const;
    const js = [];
    for (const [name, path] of pages) {
      const html = await ok(await fetch(base + path, { headers: { cookie } }), 200);
      js.push({
        page: name,
        path: path.replace(orgId, '{org}').replace(callId, '{call}'),
        kb: firstLoadJsKb(html),
      });
    }
    const heaviest = Math.max(...js.map((j) => j.kb));
    printTable(
      js.map((j) => ({ page: j.page, path: j.path, 'first-load JS KB (gzip)': j.kb.toFixed(1) })),
    );
    met &&= heaviest <= GOAL_JS_KB;
    console.log(
      `goals: page ≤ ${GOAL_RATIO}× the API (p50 and p99), heaviest first-load JS ≤ ${GOAL_JS_KB} KB ` +
        `(${heaviest.toFixed(1)} KB): ${met ? 'met' : 'NOT met'}`,
    );
  } finally {
    await accounts.dispose();
  }
}

await main();
