// node --import tsx bench/call-insert.ts [--calls 1000] [--rounds 3] [--concurrency 1] — the database part of a
// POST /v1/calls in process, on a fresh database of TEST_DATABASE_URL's server: what this
// process's CPU (user + system, which waiting for a core does not inflate) and the wall clock
// spend per call (with --concurrency, wall time per call is the inverse of throughput), for each way the dispatch has written its call:
//
//   insert                  the prepared insert alone (the hot path before wallet holds, ba13e32)
//   hold + insert           the hold in the insert's statement (issue 30)
//   rules, then hold+insert the calling rules' statement first, then that one (issue 31 as merged)
//   rules folded in         the rules' database part inside the hold's and insert's statement
//
// Each round runs the four in a rotated order. Authentication, parsing and HTTP are left out:
// bench:voice measures the whole request.
import { parseArgs } from 'node:util';
import { createPostgresDatabase } from '@/lib/adapters/db';
import { SandboxCallProvider } from '@/lib/adapters/telephony';
import { createOrg } from '@/lib/composition/create-org';
import { insertCall, insertHeldCall, insertHeldCallWithRules } from '@/lib/calls/create-call-row';
import { checkCallRules, DEFAULT_HOURS, foldDispatchRules } from '@/lib/calls/rules';
import { CallDispatchRequest } from '@/schemas/calls';
import { freshPostgresUrl } from '../tests/support/databases';
import { median, positiveInt } from './rounds';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    // Callers at once (each one call at a time), all for the same organization as in bench:voice.
    concurrency: { type: 'string', default: '1' },
  },
});
const calls = positiveInt('calls', args.calls);
const rounds = positiveInt('rounds', args.rounds);
const concurrency = positiveInt('concurrency', args.concurrency);

const PRICE = 90_000;
const fresh = await freshPostgresUrl();
const database = createPostgresDatabase(fresh.url);
try {
  const db = await database.ready();
  const start = new Date();
  const { orgId } = await createOrg(
    db,
    { name: 'bench', startingCreditMicros: 1_000_000_000_000 },
    start,
  );
  const provider = new SandboxCallProvider();
  const rulesDeps = {
    db,
    provider,
    rules: { countries: ['US', 'CA'], denyPrefixes: [], hours: DEFAULT_HOURS },
  };
  const task = 'Confirm the appointment of {{name}}.';
  // A call's task is its agent's when it names one; here it is sent.
  const request = {
    ...CallDispatchRequest.parse({
      phone_number: '+14155550123',
      task,
      request_data: { name: 'Ada' },
      max_duration: 1,
    }),
    task,
  };
  const call = () => ({
    orgId,
    request,
    requestData: { phone_number: request.phone_number },
    apiOrigin: 'https://bench',
    keyId: null,
    scheduledFor: null,
  });
  // 15:00 in San Francisco: inside the window.
  const dial = () => ({
    orgId,
    to: request.phone_number,
    from: null,
    now: Date.parse('2026-11-04T23:00:00Z'),
  });
  const ways: Record<string, () => Promise<unknown>> = {
    insert: () => insertCall(db, provider, call(), new Date()),
    'hold + insert': () => insertHeldCall(db, provider, call(), PRICE, new Date()),
    'rules, then hold+insert': async () => {
      await checkCallRules(rulesDeps, dial());
      return insertHeldCall(db, provider, call(), PRICE, new Date());
    },
    'rules folded in': async () => {
      const folded = await foldDispatchRules(rulesDeps, dial());
      const done = await insertHeldCallWithRules(db, provider, call(), PRICE, new Date(), folded!);
      if (!done.id) throw new Error('the folded statement inserted nothing');
    },
  };
  const names = Object.keys(ways);
  const cpu = new Map<string, number[]>();
  const wall = new Map<string, number[]>();
  // Warm: statements prepared on the pool's connections, JIT settled.
  for (const name of names) for (let i = 0; i < 200; i += 1) await ways[name]!();
  for (let round = 0; round < rounds; round += 1) {
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(k + round) % names.length]!;
      const cpuBefore = process.cpuUsage();
      const wallBefore = process.hrtime.bigint();
      let left = calls;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (left > 0) {
            left -= 1;
            await ways[name]!();
          }
        }),
      );
      const used = process.cpuUsage(cpuBefore);
      cpu.set(name, [...(cpu.get(name) ?? []), (used.user + used.system) / calls]);
      wall.set(name, [
        ...(wall.get(name) ?? []),
        Number(process.hrtime.bigint() - wallBefore) / 1_000 / calls,
      ]);
    }
  }
  const base = median(cpu.get('insert')!);
  console.log(
    `medians of ${rounds} rounds of ${calls} calls each, ${concurrency} at a time, one organization:`,
  );
  console.log('way                       CPU µs/call  vs insert  wall µs/call');
  for (const name of names) {
    const c = median(cpu.get(name)!);
    console.log(
      `${name.padEnd(24)} ${c.toFixed(0).padStart(12)} ${`+${(c - base).toFixed(0)}`.padStart(10)} ${median(wall.get(name)!).toFixed(0).padStart(12)}`,
    );
  }
} finally {
  await database.close();
  await fresh.drop();
}
