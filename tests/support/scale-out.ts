// The scale-out scenarios of issue 16, shared by the API tests (CI sizes) and bench/scale-out.ts
// (full sizes). Each runs against `startInstances()` and returns what it saw; the callers assert.
// Nothing here imports vitest's expect, so the bench runs it as a plain script.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ClockFile } from './clock-file';
import type { Instances } from './instances';
import { ADMIN_TOKEN } from './http';
import { redisClient } from './redis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work(i)` for i in 0..count-1 with at most `width` in flight. */
async function pool(count: number, width: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function adminJson(base: string, path: string, method: string, body: unknown) {
  const response = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** An org with credit and admin overrides of its limits (PATCH /internal/orgs/{id}/limits). */
export async function createOrgWithLimits(
  base: string,
  creditUsd: number,
  limits: Record<string, number>,
): Promise<{ orgId: string; apiKey: string }> {
  const created = await adminJson(base, '/internal/orgs', 'POST', {
    name: 'Scale-out org',
    starting_credit_usd: creditUsd,
  });
  const orgId = created.org_id as string;
  await adminJson(base, `/internal/orgs/${orgId}/limits`, 'PATCH', limits);
  return { orgId, apiKey: created.api_key as string };
}

// ---------------------------------------------------------------------------------------------
// Speech slots: the cap, sampled from Redis every 10 ms, with one instance killed mid-run.

/** Live leases (expiry after the store's own `TIME`) and every member, read in one atomic step. */
const SAMPLE_LEASES = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return {redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf'), redis.call('ZCARD', KEYS[1])}
`;

export interface SlotRun {
  attempts: number;
  /** 200s (audio read to its end), 429s, and requests cut off by the kill (no answer). */
  ok: number;
  refused: number;
  lost: number;
  /** Any other status, with its body: the test expects none. */
  unexpected: { status: number; body: string }[];
  /** Largest x-concurrency-current seen on a 200. */
  maxHeaderCurrent: number;
  samples: number;
  /** Largest number of unexpired leases in one sample, and of members (unpurged dead included). */
  maxLive: number;
  maxMembers: number;
  /** How many samples saw the cap full. */
  fullSamples: number;
  killedAfterAttempts: number;
  /** Answers after the kill, and how long after it the first 200 came (-1: none). */
  okAfterKill: number;
  refusedAfterKill: number;
  firstOkAfterKillMs: number;
  durationMs: number;
}

export async function runSlotCap(options: {
  instances: Instances;
  /** Index of the instance killed once `killAfter` attempts have been answered. */
  kill: number;
  killAfter: number;
  attempts: number;
  clients: number;
  limit: number;
}): Promise<SlotRun> {
  const { instances, limit } = options;
  const first = instances.at(0).url;
  const org = await createOrgWithLimits(first, 50, { concurrency: limit });
  const voices = (await fetch(`${first}/v1/voices`, {
    headers: { authorization: `Bearer ${org.apiKey}` },
  }).then((r) => r.json())) as { voices: { id: string; public: boolean }[] };
  const voice = voices.voices.find((v) => v.public)!.id;
  const key = `${instances.keyPrefix}slots:speech:${org.orgId}`;

  const redis = redisClient();
  let sampling = true;
  const run: SlotRun = {
    attempts: options.attempts,
    ok: 0,
    refused: 0,
    lost: 0,
    unexpected: [],
    maxHeaderCurrent: 0,
    samples: 0,
    maxLive: 0,
    maxMembers: 0,
    fullSamples: 0,
    killedAfterAttempts: 0,
    okAfterKill: 0,
    refusedAfterKill: 0,
    firstOkAfterKillMs: -1,
    durationMs: 0,
  };
  // On a 10 ms grid; a late sample is taken at once and the grid is kept (no drift).
  const sampler = (async () => {
    const start = performance.now();
    for (let tick = 1; sampling; tick += 1) {
      const [live, members] = (await redis.eval(SAMPLE_LEASES, 1, key)) as [number, number];
      run.samples += 1;
      run.maxLive = Math.max(run.maxLive, live);
      run.maxMembers = Math.max(run.maxMembers, members);
      if (live >= limit) run.fullSamples += 1;
      const wait = start + tick * 10 - performance.now();
      if (wait > 0) await sleep(wait);
    }
  })();

  const started = performance.now();
  let answered = 0;
  let killing: Promise<void> | undefined;
  let killedAt = 0;
  let rr = 0;
  const text = 'Your appointment is confirmed for Tuesday at three in the afternoon.';
  try {
    await pool(options.attempts, options.clients, async () => {
      const urls = instances.urls();
      const base = urls[rr++ % urls.length]!;
      try {
        const response = await fetch(`${base}/v2/tts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text, voice }),
        });
        const body = Buffer.from(await response.arrayBuffer());
        if (response.status === 200) {
          run.ok += 1;
          const current = Number(response.headers.get('x-concurrency-current'));
          run.maxHeaderCurrent = Math.max(run.maxHeaderCurrent, current);
          if (killing) {
            run.okAfterKill += 1;
            if (run.firstOkAfterKillMs < 0) {
              run.firstOkAfterKillMs = Math.round(performance.now() - killedAt);
            }
          }
        } else if (response.status === 429) {
          run.refused += 1;
          if (killing) run.refusedAfterKill += 1;
          // A client that retries a little later, as a refused one would.
          await sleep(20);
        } else {
          run.unexpected.push({ status: response.status, body: body.toString().slice(0, 300) });
        }
      } catch {
        // The request went to the instance being killed and got no (complete) answer.
        run.lost += 1;
      }
      answered += 1;
      if (answered === options.killAfter) {
        run.killedAfterAttempts = answered;
        killedAt = performance.now();
        killing = instances.kill(options.kill);
      }
    });
    await killing;
  } finally {
    run.durationMs = Math.round(performance.now() - started);
    sampling = false;
    await sampler.catch(() => undefined);
    redis.disconnect();
  }
  return run;
}

// ---------------------------------------------------------------------------------------------
// A batch played by three instances, one killed and restarted mid-batch.

export interface BatchRun {
  calls: number;
  batchId: string;
  orgId: string;
  /** Calls complete and in progress when the instance was killed. */
  completeAtKill: number;
  startedAtKill: number;
  /** Wall time from the batch's creation to its last call's end, and to the restart. */
  durationMs: number;
  killAtMs: number;
  restartedAtMs: number;
  restartTookMs: number;
  /**
   * Calls that took over 12 s of wall time from dial to end: at 200× a call takes a few seconds,
   * so these are the ones the dead instance held, resumed once their 15 s step lease ran out.
   */
  resumedAfterLease: number;
  queueStatuses: Record<string, number>;
  endedBy: Record<string, number>;
  /** Per call: its transcript sequence numbers, ordered. */
  seqs: Map<string, number[]>;
  /** Lines of one call of the same task played alone (what every call should have). */
  referenceLines: number;
  /** Read through the API from other instances: the reference call (status and lines) and the
   * batch's calls as GET /batch renders them (how many show every line, each line id once). */
  referenceReadStatus: number;
  referenceReadLines: number;
  apiCallsWithAllLines: number;
  /** call_charge ledger rows per call reference, their sum, and the calls' price_micros sum. */
  chargesPerCall: Map<string, number>;
  chargedMicros: number;
  pricedMicros: number;
  walletBeforeMicros: number;
  walletAfterMicros: number;
}

export const BATCH_TASK = 'Ask {{name}} whether the order arrived.';

export async function runBatchWithRestart(options: {
  instances: Instances;
  calls: number;
  /** Killed once `killAfterComplete` calls are complete, then restarted at once. */
  kill: number;
  killAfterComplete: number;
  concurrentCalls: number;
  timeoutMs: number;
}): Promise<BatchRun> {
  const { instances } = options;
  const sql = new pg.Client({ connectionString: instances.databaseUrl });
  await sql.connect();
  try {
    const creator = instances.at(0).url;
    const org = await createOrgWithLimits(creator, 1000, {
      concurrent_calls: options.concurrentCalls,
    });
    const auth = { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' };
    const walletMicros = async () =>
      Number(
        (
          await sql.query<{ b: string }>(
            'SELECT balance_micros AS b FROM organizations WHERE id = $1',
            [org.orgId],
          )
        ).rows[0]!.b,
      );

    // One call of the same task alone: the number of lines every call of the batch must have.
    const reference = await fetch(`${instances.at(1).url}/v1/calls`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        phone_number: '+14155550100',
        task: BATCH_TASK,
        request_data: { name: 'Ref' },
      }),
    });
    if (reference.status !== 200) throw new Error(`reference call: ${reference.status}`);
    const { call_id: referenceId } = (await reference.json()) as { call_id: string };
    const referenceDone = async () =>
      (
        await sql.query<{ n: string }>(
          `SELECT count(*) AS n FROM calls WHERE id = $1 AND queue_status = 'complete'`,
          [referenceId],
        )
      ).rows[0]!.n === '1';
    for (const deadline = Date.now() + 60_000; !(await referenceDone());) {
      if (Date.now() > deadline) throw new Error('the reference call did not end');
      await sleep(100);
    }
    const referenceLines = Number(
      (
        await sql.query<{ n: string }>('SELECT count(*) AS n FROM transcripts WHERE call_id = $1', [
          referenceId,
        ])
      ).rows[0]!.n,
    );
    const walletBeforeMicros = await walletMicros();

    const started = performance.now();
    const created = await fetch(`${instances.at(2).url}/v1/batches`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        base_prompt: BATCH_TASK,
        label: 'Scale-out',
        call_data: Array.from({ length: options.calls }, (_, i) => ({
          phone_number: `+1415555${String(2000 + i).padStart(4, '0')}`,
          name: `Caller ${i}`,
        })),
      }),
    });
    if (created.status !== 200) throw new Error(`batch: ${created.status} ${await created.text()}`);
    const { batch_id: batchId } = (await created.json()) as { batch_id: string };

    const statuses = async () => {
      const { rows } = await sql.query<{ s: string; n: string }>(
        'SELECT queue_status AS s, count(*) AS n FROM calls WHERE batch_id = $1 GROUP BY 1',
        [batchId],
      );
      return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)])) as Record<string, number>;
    };
    const ended = (s: Record<string, number>) => (s.complete ?? 0) + (s.call_error ?? 0);

    let completeAtKill = 0;
    let startedAtKill = 0;
    let killAtMs = 0;
    let restartedAtMs = 0;
    let restarting: Promise<unknown> | undefined;
    let queueStatuses: Record<string, number> = {};
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      queueStatuses = await statuses();
      if (!restarting && (queueStatuses.complete ?? 0) >= options.killAfterComplete) {
        completeAtKill = queueStatuses.complete ?? 0;
        startedAtKill = queueStatuses.started ?? 0;
        killAtMs = Math.round(performance.now() - started);
        restarting = instances.kill(options.kill).then(async () => {
          await instances.restart(options.kill);
          restartedAtMs = Math.round(performance.now() - started);
        });
      }
      if (ended(queueStatuses) === options.calls) break;
      if (Date.now() > deadline) {
        throw new Error(`batch not finished in time: ${JSON.stringify(queueStatuses)}`);
      }
      await sleep(100);
    }
    const durationMs = Math.round(performance.now() - started);
    await restarting;

    // What a customer reads, from other instances than the ones that played the calls.
    const referenceRead = await fetch(`${instances.at(2).url}/v1/calls/${referenceId}`, {
      headers: auth,
    });
    const referenceBody = (await referenceRead.json()) as { transcripts?: unknown[] };
    const batchRead = await fetch(`${instances.at(0).url}/batch?batch_id=${batchId}`, {
      headers: auth,
    });
    const batchBody = (await batchRead.json()) as {
      call_data?: { transcripts?: { id: number }[] }[];
    };
    const apiCallsWithAllLines = (batchBody.call_data ?? []).filter(
      (call) =>
        call.transcripts?.length === referenceLines &&
        new Set(call.transcripts.map((t) => t.id)).size === referenceLines,
    ).length;

    const { rows: lines } = await sql.query<{ id: string; seqs: number[] }>(
      `SELECT c.id, coalesce(array_agg(t.seq ORDER BY t.seq) FILTER (WHERE t.seq IS NOT NULL), '{}') AS seqs
         FROM calls c LEFT JOIN transcripts t ON t.call_id = c.id
        WHERE c.batch_id = $1 GROUP BY c.id`,
      [batchId],
    );
    const { rows: endings } = await sql.query<{ e: string | null; n: string }>(
      'SELECT call_ended_by AS e, count(*) AS n FROM calls WHERE batch_id = $1 GROUP BY 1',
      [batchId],
    );
    const { rows: charges } = await sql.query<{ reference: string; n: string; micros: string }>(
      `SELECT l.reference, count(*) AS n, -sum(l.amount_micros) AS micros
         FROM wallet_ledger l
        WHERE l.org_id = $1 AND l.kind = 'call_charge' AND l.reference = ANY($2::text[])
        GROUP BY l.reference`,
      [org.orgId, lines.map((r) => `call:${r.id}`)],
    );
    const { rows: slow } = await sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM calls
        WHERE batch_id = $1 AND end_at - started_at > interval '12 seconds'`,
      [batchId],
    );
    const { rows: priced } = await sql.query<{ micros: string }>(
      'SELECT coalesce(sum(price_micros), 0) AS micros FROM calls WHERE batch_id = $1',
      [batchId],
    );
    return {
      calls: options.calls,
      batchId,
      orgId: org.orgId,
      completeAtKill,
      startedAtKill,
      durationMs,
      killAtMs,
      restartedAtMs,
      restartTookMs: restartedAtMs - killAtMs,
      resumedAfterLease: Number(slow[0]!.n),
      queueStatuses,
      endedBy: Object.fromEntries(endings.map((r) => [r.e ?? 'null', Number(r.n)])),
      seqs: new Map(lines.map((r) => [r.id, r.seqs])),
      referenceLines,
      referenceReadStatus: referenceRead.status,
      referenceReadLines: referenceBody.transcripts?.length ?? 0,
      apiCallsWithAllLines,
      chargesPerCall: new Map(charges.map((r) => [r.reference, Number(r.n)])),
      chargedMicros: charges.reduce((sum, r) => sum + Number(r.micros), 0),
      pricedMicros: Number(priced[0]!.micros),
      walletBeforeMicros,
      walletAfterMicros: await walletMicros(),
    };
  } finally {
    await sql.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Lead submissions from many IPs, with duplicate event_ids, on one store.

export interface LeadForm {
  slug: string;
  /** The form's rateLimitPerMinute (content/dataset.ndjson). */
  limit: number;
  values: (email: string) => Record<string, unknown>;
}

/** Two published forms with different limits (content/dataset.ndjson). */
export const LEAD_FORMS: LeadForm[] = [
  { slug: 'newsletter', limit: 10, values: (email) => ({ email }) },
  {
    slug: 'demo-request',
    limit: 5,
    values: (email) => ({ firstname: 'Ada', email, company: 'Acme', consent: true }),
  },
];

interface LeadEvent {
  eventId: string;
  ip: string;
  form: LeadForm;
  email: string;
  /** The envelope of the accepted submission. */
  accepted?: { submissionId: string; body: string; instance: number };
}

export interface LeadWindow {
  ip: string;
  form: string;
  wave: number;
  /** New submissions sent in this window, and how many were answered 200 and 429. */
  sent: number;
  ok: number;
  limited: number;
}

export interface LeadRun {
  /** Distinct submissions, duplicate sends (replays of accepted ones) and every request made. */
  distinct: number;
  duplicates: number;
  requests: number;
  waves: number;
  windows: LeadWindow[];
  /** Replays answered 200 with the original envelope, and those that were not. */
  replaysIdentical: number;
  replayMismatches: string[];
  /** 429s whose Retry-After was not 60 (the frozen clock puts every hit at the window's start). */
  badRetryAfter: string[];
  /** Answers other than 200/429 on new submissions, and other than 200 on replays. */
  unexpected: { status: number; body: string }[];
  /** What the store holds afterwards (under the instances' key prefix). */
  stored: {
    all: number;
    distinctIdsInAll: number;
    byForm: Record<string, number>;
    /** Accepted events missing from the store, stored leads of no accepted event, and ip/form/id mismatches. */
    missing: number;
    extra: number;
    mismatched: string[];
  };
  durationMs: number;
  requestsPerSecond: number;
}

/**
 * `requests` lead submissions spread over `ips` client addresses (X-Forwarded-For, the instances
 * run with TRUST_PROXY=true) and LEAD_FORMS, of which `duplicateShare` re-send an accepted
 * submission's event_id to another instance. The instances' clocks read `clock`, frozen within a
 * wave and moved on by exactly the 60 s window between waves, so the expected admissions are
 * exact: per IP, form and wave, min(sent, limit). Each window is sent one more submission than its
 * limit while the queue allows; a refused one is retried (same event_id) in the next wave.
 */
export async function runLeadSubmissions(options: {
  instances: Instances;
  clock: ClockFile;
  startIso: string;
  requests: number;
  ips: number;
  duplicateShare: number;
  concurrency: number;
}): Promise<LeadRun> {
  const { instances, clock } = options;
  const duplicates = Math.round(options.requests * options.duplicateShare);
  const distinct = options.requests - duplicates;
  const ips = Array.from(
    { length: options.ips },
    (_, i) => `203.0.${113 + Math.floor(i / 250)}.${(i % 250) + 1}`,
  );
  // Two of every three of an IP's submissions go to the newsletter (limit 10), one to the demo
  // form (limit 5), so both run out within the same few waves.
  const events: LeadEvent[] = Array.from({ length: distinct }, (_, j) => ({
    eventId: randomUUID(),
    ip: ips[j % ips.length]!,
    form: LEAD_FORMS[Math.floor(j / ips.length) % 3 === 2 ? 1 : 0]!,
    email: `lead-${j}@acme.example`,
  }));
  const queues = new Map<string, LeadEvent[]>();
  for (const event of events) {
    const key = `${event.ip}|${event.form.slug}`;
    queues.set(key, [...(queues.get(key) ?? []), event]);
  }

  const run: LeadRun = {
    distinct,
    duplicates,
    requests: 0,
    waves: 0,
    windows: [],
    replaysIdentical: 0,
    replayMismatches: [],
    badRetryAfter: [],
    unexpected: [],
    stored: {
      all: 0,
      distinctIdsInAll: 0,
      byForm: {},
      missing: 0,
      extra: 0,
      mismatched: [],
    },
    durationMs: 0,
    requestsPerSecond: 0,
  };
  const urls = [0, 1, 2].slice(0, instances.count).map((i) => instances.at(i).url);
  const submit = (instance: number, event: LeadEvent) =>
    fetch(`${urls[instance]!}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': event.ip },
      body: JSON.stringify({
        formSlug: event.form.slug,
        event_id: event.eventId,
        values: event.form.values(event.email),
      }),
    });

  let duplicatesLeft = duplicates;
  const replayable: LeadEvent[] = [];
  const started = performance.now();
  for (let wave = 0; [...queues.values()].some((q) => q.length > 0) || duplicatesLeft > 0; wave++) {
    clock.set(new Date(Date.parse(options.startIso) + wave * 60_000).toISOString());
    type Job = { event: LeadEvent; replay: boolean; window?: LeadWindow };
    const jobs: Job[] = [];
    for (const [key, queue] of queues) {
      if (queue.length === 0) continue;
      const [ip, slug] = key.split('|') as [string, string];
      const form = LEAD_FORMS.find((f) => f.slug === slug)!;
      const batch = queue.splice(0, Math.min(queue.length, form.limit + 1));
      const window: LeadWindow = { ip, form: slug, wave, sent: batch.length, ok: 0, limited: 0 };
      run.windows.push(window);
      for (const event of batch) jobs.push({ event, replay: false, window });
    }
    // Replays of submissions accepted in earlier waves, mixed in: they must neither store a
    // second lead nor use up the window of their IP and form. Spread over the waves in proportion.
    const newJobs = jobs.length;
    const pendingNew = [...queues.values()].reduce((n, q) => n + q.length, 0);
    const share =
      pendingNew === 0
        ? duplicatesLeft
        : Math.round((duplicatesLeft * newJobs) / (newJobs + pendingNew));
    for (const event of replayable.splice(0, Math.min(share, duplicatesLeft))) {
      jobs.push({ event, replay: true });
      duplicatesLeft -= 1;
    }
    // Interleave replays among new submissions (deterministic shuffle by index).
    jobs.sort((a, b) => hashIndex(a.event.eventId) - hashIndex(b.event.eventId));
    if (jobs.length === 0) break;

    await pool(jobs.length, options.concurrency, async (i) => {
      const { event, replay, window } = jobs[i]!;
      const instance = replay ? (event.accepted!.instance + 1) % urls.length : i % urls.length;
      const response = await submit(instance, event);
      const text = await response.text();
      run.requests += 1;
      if (replay) {
        if (response.status === 200 && text === event.accepted!.body) run.replaysIdentical += 1;
        else
          run.replayMismatches.push(`${event.eventId}: ${response.status} ${text.slice(0, 200)}`);
        return;
      }
      if (response.status === 200) {
        window!.ok += 1;
        const body = JSON.parse(text) as { submissionId: string };
        event.accepted = { submissionId: body.submissionId, body: text, instance };
        replayable.push(event);
      } else if (response.status === 429) {
        window!.limited += 1;
        const retryAfter = response.headers.get('retry-after');
        if (retryAfter !== '60') run.badRetryAfter.push(`${event.eventId}: ${retryAfter}`);
        // A real client retries later with the same event_id.
        queues.get(`${event.ip}|${event.form.slug}`)!.push(event);
      } else {
        run.unexpected.push({ status: response.status, body: text.slice(0, 300) });
      }
    });
    run.waves = wave + 1;
    if (run.unexpected.length > 0) break;
  }
  run.durationMs = Math.round(performance.now() - started);
  run.requestsPerSecond = Math.round((run.requests / run.durationMs) * 1000);

  // What the store holds, read straight from Redis.
  const redis = redisClient();
  try {
    const prefix = instances.keyPrefix;
    const all = await redis.lrange(`${prefix}lead:all`, 0, -1);
    run.stored.all = all.length;
    run.stored.distinctIdsInAll = new Set(all).size;
    for (const form of LEAD_FORMS) {
      run.stored.byForm[form.slug] = await redis.llen(`${prefix}lead:form:${form.slug}`);
    }
    const byEvent = new Map(events.map((e) => [e.eventId, e]));
    const seen = new Set<string>();
    for (let i = 0; i < all.length; i += 500) {
      const ids = all.slice(i, i + 500);
      const raw = await redis.mget(...ids.map((id) => `${prefix}lead:sub:${id}`));
      for (const [k, value] of raw.entries()) {
        const lead = value
          ? (JSON.parse(value) as {
              id: string;
              eventId: string | null;
              ip: string;
              formSlug: string;
            })
          : undefined;
        const event = lead?.eventId ? byEvent.get(lead.eventId) : undefined;
        if (!lead || !event) {
          run.stored.extra += 1;
          continue;
        }
        seen.add(event.eventId);
        if (
          lead.id !== ids[k] ||
          lead.id !== event.accepted?.submissionId ||
          lead.ip !== event.ip ||
          lead.formSlug !== event.form.slug
        ) {
          run.stored.mismatched.push(`${lead.id}: ${JSON.stringify(lead).slice(0, 200)}`);
        }
      }
    }
    run.stored.missing = events.filter((e) => e.accepted && !seen.has(e.eventId)).length;
  } finally {
    redis.disconnect();
  }
  return run;
}

/** A stable pseudo-random order key from a UUID's hex digits. */
function hashIndex(uuid: string): number {
  return parseInt(uuid.replace(/-/g, '').slice(0, 8), 16);
}
