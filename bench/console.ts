// npm run build:bench && npm run bench:console — issue 35's goals for the console, measured in one
// run on one server:
//   - at --rows calls in an organization (100,000), one connection: the calls list, a call page
//     and the overview answer with p95 ≤ 100 ms;
//   - each costs ≤ 2× the CPU per request of an empty page in the same console layout
//     (`page.bench.tsx`, built only by build:bench);
//   - flat with size: each at --rows calls costs ≤ 1.2× the same page at --small calls (1,000),
//     in server CPU and in p50 (the database's time shows only there);
//   - live updates: the version as Server-Sent Events (what the console listens to) against the
//     same version polled each second with an ETag (`route.bench.ts`), in server CPU per
//     watcher-second;
//   - every console page's first-load JavaScript, compressed (≤ 200 KB on the heaviest).
// Usage: npm run build:bench && npm run bench:console [-- --rows 100000 --small 1000 --rounds 3 --duration 5]
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createConsoleKey, firstOrgId, signIn } from '../tests/support/accounts-api';
import { startConsoleServer } from '../tests/support/console-api';
import { ADMIN_TOKEN } from '../tests/support/http';
import { firstLoadJsKb } from './first-load-js';
import { median, positiveInt, printTable } from './rounds';
import { procCpuMs } from './proc-cpu';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    small: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    watchers: { type: 'string', default: '50' },
  },
});
const settings = {
  rows: positiveInt('rows', args.rows),
  small: positiveInt('small', args.small),
  rounds: positiveInt('rounds', args.rounds),
  seconds: positiveInt('duration', args.duration),
  watchers: positiveInt('watchers', args.watchers),
};
const BATCH_ROWS = 10_000;
const GOALS = { p95Ms: 100, vsEmpty: 2, vsSmall: 1.2, jsKb: 200 };

async function ok(response: Response, status: number) {
  const text = await response.text();
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

interface Org {
  label: string;
  orgId: string;
  cookie: string;
  key: string;
  callId: string;
}

/**
 * `count` calls in a new member's organization, made through the API in batches (its maximum
 * each), then ended in the database as a long-running organization's would be: spread over the
 * last 90 days, most completed, some failed, each with a length and a price. The newest gets a
 * 12-line transcript (the call page measured).
 */
async function orgWithCalls(
  accounts: Awaited<ReturnType<typeof startConsoleServer>>,
  db: pg.Client,
  label: string,
  count: number,
): Promise<Org> {
  const base = accounts.server.url;
  const cookie = await signIn(accounts, `bench-${label}-${Date.now()}@example.com`);
  const orgId = await firstOrgId(base, cookie);
  const { api_key: key } = await createConsoleKey(base, cookie, orgId, [
    'calls:read',
    'calls:write',
  ]);
  await ok(
    await fetch(`${base}/internal/orgs/${orgId}/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount_usd: 1000 }),
    }),
    201,
  );
  for (let done = 0; done < count; done += BATCH_ROWS) {
    const rows = Math.min(BATCH_ROWS, count - done);
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
  await db.query(
    `UPDATE calls SET
       created_at = now() - random() * interval '90 days',
       queue_status = CASE WHEN random() < 0.9 THEN 'complete' ELSE 'call_error' END,
       duration_ms = (20000 + random() * 100000)::int,
       price_micros = (30000 + random() * 150000)::bigint,
       answered_by = 'human', call_ended_by = 'ASSISTANT'
     WHERE org_id = $1`,
    [orgId],
  );
  await db.query(`UPDATE calls SET started_at = created_at WHERE org_id = $1`, [orgId]);
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM calls WHERE org_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [orgId],
  );
  const callId = rows[0]!.id;
  await db.query(
    `INSERT INTO transcripts (call_id, seq, "user", text, start_ms, duration_ms, created_at)
     SELECT $1, s, CASE WHEN s % 2 = 0 THEN 'assistant' ELSE 'user' END,
            'A sentence of about this length, said on the call.', s * 2500, 2000, now()
     FROM generate_series(0, 11) AS s`,
    [callId],
  );
  await db.query('ANALYZE calls');
  return { label, orgId, cookie, key, callId };
}

/**
 * A browser keeps its jar, whose one-minute session copy the console renews as it lapses; a
 * replayed Cookie header would lapse mid-run and cost a database read per request. Each run
 * starts with a renewed jar, as a browser's would be.
 */
async function renewed(base: string, org: Org): Promise<string> {
  const lapsed = org.cookie
    .split('; ')
    .filter((pair) => !/^(__Secure-)?better-auth\.session_data=/.test(pair));
  const response = await fetch(`${base}/console/orgs/${org.orgId}/calls`, {
    headers: { cookie: lapsed.join('; ') },
  });
  await response.arrayBuffer();
  const fresh = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
  if (!fresh.some((pair) => pair.includes('session_data=')))
    throw new Error('the console did not renew the session cookie cache');
  return [...lapsed, ...fresh].join('; ');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** One connection, one request after another for `seconds`: p50/p95 and server CPU per request. */
async function measure(base: string, path: string, cookie: string, pid: number, seconds: number) {
  const latencies: number[] = [];
  const cpuBefore = procCpuMs(`/proc/${pid}/stat`);
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(base + path, { headers: { cookie } });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  }
  const cpu = (procCpuMs(`/proc/${pid}/stat`) - cpuBefore) / latencies.length;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), cpu };
}

/**
 * `watchers` members watching a live calls list for `seconds`, as Server-Sent Events (the
 * console's way: one stream each, the server reading the version each second) or polling the
 * version with If-None-Match each second (304 while nothing changes): the server's CPU per
 * watcher-second.
 */
async function watchLive(
  base: string,
  org: Org,
  cookie: string,
  pid: number,
  way: 'etag' | 'sse',
): Promise<number> {
  const url = `${base}/console/api/orgs/${org.orgId}/calls/live${way === 'etag' ? '/poll' : ''}`;
  const stop = new AbortController();
  const first = await fetch(`${base}/console/api/orgs/${org.orgId}/calls/live/poll`, {
    headers: { cookie },
  });
  const { version, live } = (await first.json()) as { version: string; live: boolean };
  if (!live) throw new Error('the measured organization has no live call');
  const watcher = async (offsetMs: number) => {
    await new Promise((resolve) => setTimeout(resolve, offsetMs));
    if (way === 'sse') {
      const response = await fetch(url, { headers: { cookie }, signal: stop.signal });
      if (response.status !== 200) throw new Error(`SSE: ${response.status}`);
      const reader = response.body!.getReader();
      try {
        while (!(await reader.read()).done);
      } catch (error) {
        if (!stop.signal.aborted) throw error;
      }
      return;
    }
    while (!stop.signal.aborted) {
      const response = await fetch(url, { headers: { cookie, 'if-none-match': `"${version}"` } });
      await response.arrayBuffer();
      if (response.status !== 304) throw new Error(`poll: ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  // Watchers spread over the first second, as pages opened at different times would be.
  const running = Array.from({ length: settings.watchers }, (_, i) =>
    watcher((i * 1000) / settings.watchers),
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const cpuBefore = procCpuMs(`/proc/${pid}/stat`);
  await new Promise((resolve) => setTimeout(resolve, settings.seconds * 1000));
  const cpu = procCpuMs(`/proc/${pid}/stat`) - cpuBefore;
  stop.abort();
  await Promise.all(running);
  return cpu / (settings.watchers * settings.seconds);
}

async function main(): Promise<void> {
  if (!existsSync('.next/BUILD_ID'))
    throw new Error('No production build: run `npm run build:bench` first.');
  // CALL_SCHEDULER=false: the calls stay where the bench puts them; nothing plays while measuring.
  const accounts = await startConsoleServer({ CALL_SCHEDULER: 'false' });
  const base = accounts.server.url;
  const pid = accounts.server.pid;
  const db = new pg.Client({ connectionString: accounts.server.databaseUrl });
  await db.connect();
  try {
    const started = performance.now();
    const small = await orgWithCalls(accounts, db, 'small', settings.small);
    const large = await orgWithCalls(accounts, db, 'large', settings.rows);
    console.log(
      `${settings.small} + ${settings.rows} calls made in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
        `${settings.rounds} rounds × ${settings.seconds} s a target, one connection`,
    );
    const empty = await fetch(`${base}/console/orgs/${small.orgId}/bench-empty`, {
      headers: { cookie: small.cookie },
    });
    await empty.arrayBuffer();
    if (empty.status !== 200)
      throw new Error('No empty console page in this build: run `npm run build:bench` first.');

    const pagesOf = (org: Org) => [
      { name: 'calls list', path: `/console/orgs/${org.orgId}/calls` },
      { name: 'call page', path: `/console/orgs/${org.orgId}/calls/${org.callId}` },
      { name: 'overview', path: `/console/orgs/${org.orgId}` },
      { name: 'empty page', path: `/console/orgs/${org.orgId}/bench-empty` },
    ];
    const targets = [small, large].flatMap((org) =>
      pagesOf(org).map((page) => ({ ...page, org, key: `${page.name} @ ${org.label}` })),
    );
    const samples = new Map<string, { p50: number; p95: number; cpu: number }[]>();
    for (let round = 0; round < settings.rounds; round++) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      for (const target of order) {
        const cookie = await renewed(base, target.org);
        const result = await measure(base, target.path, cookie, pid, settings.seconds);
        samples.set(target.key, [...(samples.get(target.key) ?? []), result]);
        console.log(
          `  round ${round + 1}  ${target.key.padEnd(24)} p95 ${result.p95.toFixed(0)} ms, ` +
            `${result.cpu.toFixed(1)} ms CPU/request`,
        );
      }
    }
    const stat = (key: string) => {
      const own = samples.get(key)!;
      return {
        p50: median(own.map((s) => s.p50)),
        p95: median(own.map((s) => s.p95)),
        cpu: median(own.map((s) => s.cpu)),
      };
    };
    let met = true;
    const emptyLarge = stat('empty page @ large');
    const rows = ['calls list', 'call page', 'overview'].map((name) => {
      const big = stat(`${name} @ large`);
      const little = stat(`${name} @ small`);
      const vsEmpty = big.cpu / emptyLarge.cpu;
      // Flat in the server's CPU and in the time the database adds (at one connection, latency
      // is the request's whole cost; the database's CPU is not in the server's).
      const vsSmall = Math.max(big.cpu / little.cpu, big.p50 / little.p50);
      met &&= big.p95 <= GOALS.p95Ms && vsEmpty <= GOALS.vsEmpty && vsSmall <= GOALS.vsSmall;
      return {
        page: name,
        [`p50 / p95 ms at ${settings.rows}`]: `${big.p50.toFixed(0)} / ${big.p95.toFixed(0)}`,
        [`CPU ms/req at ${settings.rows} / ${settings.small}`]: `${big.cpu.toFixed(1)} / ${little.cpu.toFixed(1)}`,
        'CPU ÷ empty page': vsEmpty.toFixed(2),
        [`${settings.rows} ÷ ${settings.small} (CPU, p50)`]: `${(big.cpu / little.cpu).toFixed(2)}, ${(big.p50 / little.p50).toFixed(2)}`,
      };
    });
    printTable([
      ...rows,
      {
        page: 'empty page',
        [`p50 / p95 ms at ${settings.rows}`]: `${emptyLarge.p50.toFixed(0)} / ${emptyLarge.p95.toFixed(0)}`,
        [`CPU ms/req at ${settings.rows} / ${settings.small}`]: `${emptyLarge.cpu.toFixed(1)} / ${stat('empty page @ small').cpu.toFixed(1)}`,
        'CPU ÷ empty page': '1.00',
        [`${settings.rows} ÷ ${settings.small} (CPU, p50)`]: `${(emptyLarge.cpu / stat('empty page @ small').cpu).toFixed(2)}, ${(emptyLarge.p50 / stat('empty page @ small').p50).toFixed(2)}`,
      },
    ]);

    // Live updates: three queued calls (nothing plays them) keep the small org's list live.
    for (let i = 0; i < 3; i++) {
      await ok(
        await fetch(`${base}/v1/calls`, {
          method: 'POST',
          headers: { authorization: `Bearer ${small.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ phone_number: `+1415555012${i}`, task: 'Say hello.' }),
        }),
        200,
      );
    }
    const live = { etag: [] as number[], sse: [] as number[] };
    for (let round = 0; round < settings.rounds; round++) {
      for (const way of round % 2 === 0 ? (['etag', 'sse'] as const) : (['sse', 'etag'] as const)) {
        const cookie = await renewed(base, small);
        live[way].push(await watchLive(base, small, cookie, pid, way));
      }
    }
    const etag = median(live.etag);
    const sse = median(live.sse);
    printTable([
      {
        'live list, way': 'ETag polling, each second (route.bench.ts)',
        watchers: String(settings.watchers),
        'server CPU ms per watcher-second': etag.toFixed(2),
      },
      {
        'live list, way': 'Server-Sent Events (the console)',
        watchers: String(settings.watchers),
        'server CPU ms per watcher-second': sse.toFixed(2),
      },
    ]);

    const pages = [
      ['overview', `/console/orgs/${large.orgId}`],
      ['calls list', `/console/orgs/${large.orgId}/calls`],
      ['call page', `/console/orgs/${large.orgId}/calls/${large.callId}`],
      ['members', `/console/orgs/${large.orgId}/members`],
      ['keys', `/console/orgs/${large.orgId}/keys`],
      ['limits', `/console/orgs/${large.orgId}/limits`],
      ['usage and billing', `/console/orgs/${large.orgId}/billing`],
      ['account', '/console/account'],
    ] as const;
    const js = [];
    for (const [name, path] of pages) {
      const html = await ok(await fetch(base + path, { headers: { cookie: large.cookie } }), 200);
      js.push({ page: name, kb: firstLoadJsKb(html) });
    }
    const heaviest = Math.max(...js.map((j) => j.kb));
    printTable(js.map((j) => ({ page: j.page, 'first-load JS KB (gzip)': j.kb.toFixed(1) })));
    met &&= heaviest <= GOALS.jsKb;
    console.log(
      `goals at ${settings.rows} calls: p95 ≤ ${GOALS.p95Ms} ms, CPU ≤ ${GOALS.vsEmpty}× the empty page, ` +
        `≤ ${GOALS.vsSmall}× the same page at ${settings.small} calls; heaviest first-load JS ≤ ` +
        `${GOALS.jsKb} KB (${heaviest.toFixed(1)} KB): ${met ? 'met' : 'NOT met'}`,
    );
  } finally {
    await db.end();
    await accounts.dispose();
  }
}

await main();
