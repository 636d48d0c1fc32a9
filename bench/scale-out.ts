// Scale-out proof at full size (issue 16): three production instances on one Redis and one
// Postgres, running the scenarios of tests/support/scale-out.ts that the API tests run in CI.
// Prints each scenario's figures and whether its invariants held; exits 1 when one did not.
// Usage: npm run build && npm run bench:scale-out -- [--only slots,batch,leads] [--leads 10000]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClockFile, FIXED_CLOCK_PRELOAD } from '../tests/support/clock-file';
import { startInstances, type Instances } from '../tests/support/instances';
import {
  LEAD_FORMS,
  runBatchWithRestart,
  runLeadSubmissions,
  runSlotCap,
} from '../tests/support/scale-out';
import { positiveInt } from './rounds';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'slots,batch,leads' },
    attempts: { type: 'string', default: '1000' },
    clients: { type: 'string', default: '12' },
    limit: { type: 'string', default: '5' },
    calls: { type: 'string', default: '300' },
    leads: { type: 'string', default: '10000' },
    ips: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '24' },
  },
});
const only = new Set(args.only.split(','));
const settings = {
  attempts: positiveInt('attempts', args.attempts),
  clients: positiveInt('clients', args.clients),
  limit: positiveInt('limit', args.limit),
  calls: positiveInt('calls', args.calls),
  leads: positiveInt('leads', args.leads),
  ips: positiveInt('ips', args.ips),
  concurrency: positiveInt('concurrency', args.concurrency),
};

const failures: string[] = [];
const check = (scenario: string, what: string, ok: boolean) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(`${scenario}: ${what}`);
};
const results: Record<string, unknown> = {};

/** Starts three instances, runs `body`, always disposes them; prints how long start-up took. */
async function withInstances<T>(
  options: Parameters<typeof startInstances>[1],
  body: (instances: Instances) => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const instances = await startInstances(3, options);
  console.log(`  three instances up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    return await body(instances);
  } finally {
    await instances.dispose();
  }
}

async function slots() {
  console.log(
    `\nspeech slots: ${settings.attempts} attempts, ${settings.clients} clients, limit ${settings.limit}, instance 2 killed after 30 %`,
  );
  const run = await withInstances({}, (instances) =>
    runSlotCap({
      instances,
      attempts: settings.attempts,
      clients: settings.clients,
      limit: settings.limit,
      kill: 2,
      killAfter: Math.round(settings.attempts * 0.3),
    }),
  );
  results.slots = run;
  console.log(
    `  ${run.ok} generated, ${run.refused} refused (429), ${run.lost} cut off by the kill, in ${run.durationMs} ms` +
      `\n  after the kill: ${run.okAfterKill} generated, ${run.refusedAfterKill} refused; first 200 ${run.firstOkAfterKillMs} ms after it` +
      `\n  ${run.samples} samples of the lease set (every ${(run.durationMs / run.samples).toFixed(1)} ms on average), ` +
      `${run.fullSamples} at the cap; max live ${run.maxLive}, max members ${run.maxMembers}, max x-concurrency-current ${run.maxHeaderCurrent}`,
  );
  check(
    'slots',
    `no sample above the limit (${run.maxLive}, ${run.maxMembers} <= ${settings.limit})`,
    Math.max(run.maxLive, run.maxMembers) <= settings.limit,
  );
  check('slots', 'no answer but 200 and 429', run.unexpected.length === 0);
  check('slots', 'the cap was reached (some 429s)', run.refused > 0);
}

async function batch() {
  console.log(
    `\nbatch: ${settings.calls} calls at 200x, concurrent_calls 30, instance 1 killed after a third complete and restarted`,
  );
  const run = await withInstances({ env: { SANDBOX_TIME_SCALE: '200' } }, (instances) =>
    runBatchWithRestart({
      instances,
      calls: settings.calls,
      kill: 1,
      killAfterComplete: Math.round(settings.calls / 3),
      concurrentCalls: 30,
      timeoutMs: 600_000,
    }),
  );
  const { seqs, chargesPerCall, ...figures } = run;
  results.batch = figures;
  const expected = Array.from({ length: run.referenceLines }, (_, i) => i).join(',');
  const badLines = [...seqs.values()].filter((s) => s.join(',') !== expected).length;
  const badCharges = [...chargesPerCall.values()].filter((n) => n !== 1).length;
  console.log(
    `  all ended in ${run.durationMs} ms (${((run.calls / run.durationMs) * 1000).toFixed(1)} calls/s); killed at ${run.killAtMs} ms ` +
      `with ${run.completeAtKill} complete and ${run.startedAtKill} on the line; back up at ${run.restartedAtMs} ms (${run.restartTookMs} ms)` +
      `\n  calls resumed after their step lease ran out: ${run.resumedAfterLease}` +
      `\n  statuses ${JSON.stringify(run.queueStatuses)}, ended by ${JSON.stringify(run.endedBy)}; ${run.referenceLines} lines a call` +
      `\n  charged ${run.chargedMicros / 1e6} USD in ${chargesPerCall.size} ledger rows; prices ${run.pricedMicros / 1e6} USD; ` +
      `wallet down ${(run.walletBeforeMicros - run.walletAfterMicros) / 1e6} USD`,
  );
  check('batch', 'every call complete', run.queueStatuses.complete === run.calls);
  check('batch', 'every call said each line once', seqs.size === run.calls && badLines === 0);
  check('batch', 'one charge per call', chargesPerCall.size === run.calls && badCharges === 0);
  check(
    'batch',
    'ledger = prices = wallet change',
    run.chargedMicros === run.pricedMicros &&
      run.walletBeforeMicros - run.walletAfterMicros === run.chargedMicros,
  );
}

async function leads() {
  console.log(
    `\nleads: ${settings.leads} submissions from ${settings.ips} IPs, 5 % replayed event_ids, ${settings.concurrency} in flight`,
  );
  const start = '2026-11-26T09:00:00.000Z';
  const clock = createClockFile(start);
  const run = await withInstances(
    { preload: [FIXED_CLOCK_PRELOAD], env: { ...clock.env, TRUST_PROXY: 'true' } },
    (instances) =>
      runLeadSubmissions({
        instances,
        clock,
        startIso: start,
        requests: settings.leads,
        ips: settings.ips,
        duplicateShare: 0.05,
        concurrency: settings.concurrency,
      }),
  );
  const { windows, ...figures } = run;
  const limits = new Map(LEAD_FORMS.map((f) => [f.slug, f.limit]));
  const off = windows.filter(
    (w) => w.ok !== Math.min(w.sent, limits.get(w.form)!) || w.ok + w.limited !== w.sent,
  );
  const refused = windows.reduce((n, w) => n + w.limited, 0);
  results.leads = { ...figures, windows: windows.length, refused };
  console.log(
    `  ${run.requests} requests in ${run.durationMs} ms (${run.requestsPerSecond}/s), ${run.waves} waves of 60 s on the injected clock` +
      `\n  ${run.distinct} distinct, ${run.duplicates} replays (${run.replaysIdentical} answered with the original envelope), ${refused} refused 429 and retried` +
      `\n  ${windows.length} IP/form windows, ${off.length} not admitted exactly min(sent, limit)` +
      `\n  store: ${run.stored.all} in lead:all (${run.stored.distinctIdsInAll} distinct), by form ${JSON.stringify(run.stored.byForm)}, ` +
      `${run.stored.missing} missing, ${run.stored.extra} extra, ${run.stored.mismatched.length} mismatched`,
  );
  check('leads', 'no answer but 200 and 429', run.unexpected.length === 0);
  check(
    'leads',
    'every replay answered with its original envelope',
    run.replaysIdentical === run.duplicates,
  );
  check('leads', 'every IP/form window admitted exactly its limit', off.length === 0);
  check('leads', 'Retry-After 60 on every 429', run.badRetryAfter.length === 0);
  check(
    'leads',
    'the store holds exactly the distinct submissions',
    run.stored.all === run.distinct &&
      run.stored.distinctIdsInAll === run.distinct &&
      run.stored.missing + run.stored.extra + run.stored.mismatched.length === 0,
  );
}

async function main() {
  if (!existsSync('.next/BUILD_ID')) {
    console.error('No production build found (.next/BUILD_ID). Run `npm run build` first.');
    process.exit(1);
  }
  console.log(
    `scale-out bench: ${cpus().length} CPUs, Node ${process.version}, ${JSON.stringify(settings)}`,
  );
  if (only.has('slots')) await slots();
  if (only.has('batch')) await batch();
  if (only.has('leads')) await leads();
  mkdirSync('bench/results', { recursive: true });
  const file = join(
    'bench/results',
    `scale-out-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    JSON.stringify(
      { settings, cpus: cpus().length, node: process.version, results, failures },
      null,
      2,
    ),
  );
  console.log(
    `\n${failures.length === 0 ? 'every invariant held' : `FAILED: ${failures.join('; ')}`} (${file})`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
