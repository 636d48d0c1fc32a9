// npm run bench:slots — speech slot acquire+release round trips per second through our TCP store
// adapter, against `redis-benchmark` doing a plain SET on the same redis-server, same run, same
// number of parallel clients. See bench/README.md ("Speech slots") for how to read the output.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { systemClock } from '../lib/platform/runtime/clock';
import { acquireSpeechSlot } from '../lib/speech/slots';
import { RedisStore, type Store } from '../lib/adapters/store';
import { createTcpDriver, redactRedisUrl } from '../lib/adapters/store/tcp-driver';
import { median } from './rounds';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    clients: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '4' },
    requests: { type: 'string', default: '100000' },
    limit: { type: 'string', default: '5' },
  },
});
const URL_ = values.url;
const CLIENTS = Number(values.clients);
const ROUNDS = Number(values.rounds);
const DURATION_MS = Number(values.duration) * 1000;
const REQUESTS = Number(values.requests);
const LIMIT = Number(values.limit);
const PREFIX = `bench:slots:${randomUUID().slice(0, 8)}:`;

/**
 * redis-benchmark's SET (what `-t set` sends: a 3-byte value), written as a custom command so
 * that its key sits under our prefix and is deleted afterwards, like everything else we write.
 */
function runRedisBenchmark(requests: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = ['-u', URL_, '-n', String(requests), '-c', String(CLIENTS), '-q', '--csv'];
    const child = spawn('redis-benchmark', [...args, 'SET', `${PREFIX}plain`, 'xxx'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (data: Buffer) => {
      out += data.toString();
    });
    child.on('error', (error) =>
      reject(
        new Error(
          `redis-benchmark could not start (apt-get install redis-tools): ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`redis-benchmark exited with ${code}`));
      // "test","rps",… then one row per test: "SET …","24166.26",…
      const row = out.trim().split('\n').at(-1) ?? '';
      const rps = Number(row.split(',')[1]?.replaceAll('"', ''));
      if (!Number.isFinite(rps) || rps <= 0)
        return reject(new Error(`unexpected redis-benchmark output: ${out}`));
      resolve(rps);
    });
  });
}

/** `CLIENTS` callers, each with one request in flight at a time, until the time is up. */
async function perSecond(
  durationMs: number,
  op: (caller: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  const deadline = started + durationMs;
  let done = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, caller) => {
      while (performance.now() < deadline) {
        await op(caller);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** Each caller is one organization taking a slot and giving it back: one round trip. */
function slotRoundTrip(storeOf: (caller: number) => Store) {
  return async (caller: number): Promise<void> => {
    const deps = { store: storeOf(caller), clock: systemClock };
    const attempt = await acquireSpeechSlot(deps, `bench-org-${caller}`, LIMIT);
    if (!attempt.ok) throw new Error(`org ${caller} was refused a slot it should have had`);
    await attempt.slot.release();
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  console.log(
    `redis ${redactRedisUrl(URL_)}, ${CLIENTS} clients, ${ROUNDS} rounds ` +
      `(ours ${DURATION_MS / 1000} s each, redis-benchmark -n ${REQUESTS}), slot limit ${LIMIT}`,
  );
  // The server's shape: one store (one connection) per process, many concurrent requests on it.
  const shared = new RedisStore('tcp', 'bench', createTcpDriver(URL_), PREFIX);
  // redis-benchmark's shape: one connection per client.
  const own = Array.from(
    { length: CLIENTS },
    () => new RedisStore('tcp', 'bench', createTcpDriver(URL_), PREFIX),
  );
  const admin = new Redis(URL_, { maxRetriesPerRequest: 1 });
  const measures: { name: string; run: (ms: number) => Promise<number> }[] = [
    { name: `redis-benchmark SET (-c ${CLIENTS})`, run: () => runRedisBenchmark(REQUESTS) },
    {
      name: 'store.set, one store',
      run: (ms) => perSecond(ms, (caller) => shared.set(`plain-${caller}`, 'xxx')),
    },
    {
      name: 'slot acquire+release, one store',
      run: (ms) =>
        perSecond(
          ms,
          slotRoundTrip(() => shared),
        ),
    },
    {
      name: 'slot acquire+release, a connection each',
      run: (ms) =>
        perSecond(
          ms,
          slotRoundTrip((caller) => own[caller]!),
        ),
    },
  ];
  try {
    await Promise.all([shared, ...own].map((store) => store.ping()));
    // Warm-up: connections open, scripts cached by the server, the JIT has seen the loops.
    for (const measure of measures) await measure.run(1_000);

    const samples = measures.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate the order so no measure always runs first or last on this shared machine.
      const line: string[] = [];
      for (let j = 0; j < measures.length; j++) {
        const index = (round + j) % measures.length;
        const value = await measures[index]!.run(DURATION_MS);
        samples[index]!.push(value);
        line.push(`${measures[index]!.name} ${fmt(value)}`);
      }
      console.log(`round ${round + 1}: ${line.join(', ')}`);
    }

    const medians = samples.map(median);
    const baseline = medians[0]!;
    const rows = [
      ['measure', 'per second (median)', 'ratio'],
      ...measures.map((m, i) => [m.name, fmt(medians[i]!), (medians[i]! / baseline).toFixed(2)]),
    ];
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    console.log('');
    for (const [i, row] of rows.entries()) {
      console.log(
        row
          .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
          .join('  '),
      );
      if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    }
    const ratio = medians[2]! / baseline;
    console.log('');
    console.log(
      `slot round trips ÷ redis-benchmark SET = ${ratio.toFixed(2)}× (goal ≥ 0.5×): ${ratio >= 0.5 ? 'met' : 'NOT met'}. ` +
        'A round trip is two store calls (acquire, release), one Lua script each.',
    );
  } finally {
    // SCAN, not KEYS: the server may hold much else and must not block on us.
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await admin.del(...keys);
    } while (cursor !== '0');
    admin.disconnect();
    await Promise.all([shared, ...own].map((store) => store.close()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
