// npm run bench:billing — Stripe webhook crediting (distinct signed events per second through one
// built server on Postgres) against a bare INSERT of the ledger row; and the ledger's CSV export
// of 100,000 rows (rows per second, the server's peak RSS growth) against COPY … TO STDOUT of the
// same rows. Baselines run in the same run on the same database. See bench/README.md.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { createPostgresDatabase, schema } from '../lib/adapters/db';
import { createOrg } from '../lib/composition/create-org';
import { freshPostgresUrl } from '../tests/support/databases';
import { startServer } from '../tests/support/server';
import { deliver, signedEvent, stripeEnv } from '../tests/support/stripe-standin';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '2000' },
    rows: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '10' },
    // Top-ups of one org serialise on its wallet row; real traffic spreads over many orgs.
    orgs: { type: 'string', default: '100' },
  },
});
const EVENTS = Number(values.events);
const ROWS = Number(values.rows);
const CONNECTIONS = Number(values.connections);
const ORGS = Number(values.orgs);

/** Runs `task(i)` for i in [0, n) with `width` in flight; returns seconds taken. */
async function concurrently(n: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function main() {
  const database = await freshPostgresUrl();
  const server = await startServer({
    env: {
      DATABASE_URL: database.url,
      // Never called: the events carry no PaymentIntent, so no receipt is fetched.
      ...stripeEnv('http://127.0.0.1:9'),
      CALL_SCHEDULER: 'false',
      // e.g. --max-old-space-size=200: a cap under which a buffered export would fail.
      NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? '',
    },
  });
  const db = createPostgresDatabase(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: CONNECTIONS });
  try {
    const drizzle = await db.ready();
    const now = new Date();
    const orgIds: string[] = [];
    for (let i = 0; i < ORGS; i += 1)
      orgIds.push(
        (await createOrg(drizzle, { name: `Bench ${i}`, startingCreditMicros: 0 }, now)).orgId,
      );
    const sessions = Array.from({ length: EVENTS }, () => `cs_bench_${randomUUID()}`);
    for (let i = 0; i < EVENTS; i += 1000) {
      await drizzle.insert(schema.topUps).values(
        sessions.slice(i, i + 1000).map((id, j) => ({
          id: randomUUID(),
          orgId: orgIds[(i + j) % ORGS]!,
          provider: 'stripe' as const,
          checkoutSessionId: id,
          amountMicros: 5_000_000,
          createdAt: now,
        })),
      );
    }
    const events = sessions.map((id) =>
      signedEvent('checkout.session.completed', { id, payment_status: 'paid' }),
    );
    // Warm the route (compile paths, open pool connections) on events of no session of ours.
    await concurrently(50, CONNECTIONS, async () => {
      await deliver(
        server.url,
        signedEvent('checkout.session.completed', { id: 'cs_warm', payment_status: 'paid' }),
      );
    });
    const webhookSeconds = await concurrently(EVENTS, CONNECTIONS, async (i) => {
      const response = await deliver(server.url, events[i]!);
      const body = (await response.json()) as { outcome?: string };
      if (body.outcome !== 'credited') throw new Error(`event ${i}: ${JSON.stringify(body)}`);
    });
    const { rows: balanceRows } = await pool.query<{ balance: string }>(
      'SELECT sum(balance_micros) AS balance FROM organizations WHERE id = ANY($1::uuid[])',
      [orgIds],
    );
    if (Number(balanceRows[0]!.balance) !== EVENTS * 5_000_000) throw new Error('balance is wrong');

    const bare = await createOrg(drizzle, { name: 'Bare', startingCreditMicros: 0 }, now);
    const insertSeconds = await concurrently(EVENTS, CONNECTIONS, async (i) => {
      await pool.query(
        `INSERT INTO wallet_ledger (org_id, kind, amount_micros, balance_after_micros, reference, created_at)
         VALUES ($1, 'deposit', 5000000, $2, $3, now())`,
        [bare.orgId, (i + 1) * 5_000_000, `pi_bare_${i}`],
      );
    });

    // 100,000 ledger rows of one org.
    const big = await createOrg(drizzle, { name: 'Big', startingCreditMicros: 0 }, now);
    await pool.query(
      `INSERT INTO wallet_ledger (org_id, kind, amount_micros, balance_after_micros, reference, created_at)
       SELECT $1, 'speech_charge', -1, 1000000000 - g, 'speech:' || g, now() - (g || ' ms')::interval
       FROM generate_series(1, $2::int) AS g`,
      [big.orgId, ROWS],
    );
    await pool.query('ANALYZE wallet_ledger');
    const key = `Bearer ${big.apiKey}`;
    // Warm-up export of a small range.
    await (
      await fetch(`${server.url}/v1/billing/ledger?format=csv&from=${new Date().toISOString()}`, {
        headers: { authorization: key },
      })
    ).text();
    const rssBefore = rssKb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(server.pid))), 10);
    let csvLines = 0;
    let csvBytes = 0;
    const csvStarted = performance.now();
    const response = await fetch(`${server.url}/v1/billing/ledger?format=csv`, {
      headers: { authorization: key },
    });
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      csvBytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) csvLines += 1;
    }
    const csvSeconds = (performance.now() - csvStarted) / 1000;
    clearInterval(sampler);
    if (csvLines - 1 !== ROWS) throw new Error(`CSV had ${csvLines - 1} rows, not ${ROWS}`);

    let copyBytes = 0;
    let copyLines = 0;
    const client = await pool.connect();
    const copyStarted = performance.now();
    try {
      await pipeline(
        client.query(
          copyTo(
            `COPY (SELECT id, created_at, kind, amount_micros, balance_after_micros, owed_change_micros, reference, key_id
                   FROM wallet_ledger WHERE org_id = '${big.orgId}' ORDER BY id DESC) TO STDOUT WITH CSV`,
          ),
        ),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            copyBytes += chunk.length;
            for (const byte of chunk) if (byte === 10) copyLines += 1;
            done();
          },
        }),
      );
    } finally {
      client.release();
    }
    const copySeconds = (performance.now() - copyStarted) / 1000;

    const webhookRate = EVENTS / webhookSeconds;
    const insertRate = EVENTS / insertSeconds;
    const csvRate = ROWS / csvSeconds;
    const copyRate = copyLines / copySeconds;
    console.log(
      `webhook crediting: ${EVENTS} distinct signed events over ${ORGS} orgs, ${CONNECTIONS} in flight, one instance`,
    );
    console.log(
      `  webhook (HTTP, verify, lock, credit, ledger): ${webhookRate.toFixed(0)} events/s`,
    );
    console.log(
      `  bare INSERT of the ledger row (pg, same pool width): ${insertRate.toFixed(0)} rows/s`,
    );
    console.log(`  ratio webhook / bare insert: ${(webhookRate / insertRate).toFixed(3)}`);
    console.log(`CSV export of ${ROWS} ledger rows`);
    console.log(
      `  GET /v1/billing/ledger?format=csv: ${csvRate.toFixed(0)} rows/s, ${(csvBytes / 1e6).toFixed(1)} MB, server RSS ${(rssBefore / 1024).toFixed(0)} MB → peak ${(rssPeak / 1024).toFixed(0)} MB (+${((rssPeak - rssBefore) / 1024).toFixed(1)} MB)`,
    );
    console.log(
      `  COPY … TO STDOUT (same rows, no join, no HTTP): ${copyRate.toFixed(0)} rows/s, ${(copyBytes / 1e6).toFixed(1)} MB`,
    );
    console.log(`  ratio export / COPY: ${(csvRate / copyRate).toFixed(3)}`);
  } finally {
    await pool.end();
    await db.close();
    await server.stop();
    await database.drop();
  }
}

await main();
