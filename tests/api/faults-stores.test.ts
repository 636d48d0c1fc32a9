import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, expectOnlyDocumented, loop, pause, type Answer } from '../support/faults';
import { nextIp } from '../support/leads-api';
import { eventually } from '../support/eventually';
import { depositUsd, postJson } from '../support/http';
import { freePort, ownRedis } from '../support/own-redis';
import { proxiedPostgres } from '../support/proxied-postgres';
import {
  createTestOrg,
  startVoiceServer,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// Issue 16's fault tests for our own stores: Redis stopped and restarted in the middle of a
// stream of lead submissions and speech, Postgres cut and restored in the middle of call dispatch
// and sandbox playback. Clients behave as documented (a lead is retried with the same event_id, a
// call with the same Idempotency-Key); every answer is a success or a documented code, nothing
// acknowledged is lost or doubled (read back from Redis and Postgres), and the one server keeps
// serving afterwards without a restart.
const redisDir = mkdtempSync(join(tmpdir(), 'faults-redis-'));
let redis: ReturnType<typeof ownRedis>;
let database: Awaited<ReturnType<typeof proxiedPostgres>>;
let proxy: Awaited<ReturnType<typeof proxiedPostgres>>['proxy'];
let server: VoiceServer;
let sql: pg.Client;
let org: TestOrg;
let voiceId: string;
let databaseCut = false;
let databaseFrozen = false;

beforeAll(async () => {
  redis = ownRedis(await freePort(), { dataDir: redisDir });
  await redis.start();
  database = await proxiedPostgres();
  proxy = database.proxy;
  server = await startVoiceServer({
    env: {
      REDIS_URL: redis.url,
      DATABASE_URL: database.url,
      TRUST_PROXY: 'true',
      SANDBOX_TIME_SCALE: '200',
    },
  });
  sql = new pg.Client({ connectionString: database.directUrl });
  await sql.connect();
  org = await createTestOrg(server.url, 100);
  // $5 of deposits: five concurrent generations, so two speech loops never meet the cap.
  await depositUsd(server.url, org.orgId, 5);
  const list = (await voice(server.url, org.apiKey, '/v1/voices').then((r) => r.json())) as {
    voices: { id: string; public: boolean }[];
  };
  voiceId = list.voices.find((v) => v.public)!.id;
});
afterAll(async () => {
  await sql?.end();
  // A failed run must not leave the server waiting on a database that never comes back.
  if (databaseCut) await proxy.restore();
  if (databaseFrozen) proxy.thaw();
  await server?.dispose();
  await database?.dispose();
  await redis?.stop();
  rmSync(redisDir, { recursive: true, force: true });
});

/** The wallet can be re-derived from its ledger, and no speech reservation is left held. */
async function expectConsistentWallet() {
  const { rows } = await sql.query<{ balance: string; ledger: string; held: string }>(
    `SELECT o.balance_micros AS balance,
            (SELECT sum(amount_micros) FROM wallet_ledger l WHERE l.org_id = o.id) AS ledger,
            (SELECT count(*) FROM speech_reservations r WHERE r.org_id = o.id AND r.status = 'held') AS held
       FROM organizations o WHERE o.id = $1`,
    [org.orgId],
  );
  expect(rows[0]).toMatchObject({ balance: rows[0]!.ledger, held: '0' });
}

describe('Redis stopped and restarted during lead submissions and speech', () => {
  it('answers each request with a success or a documented code and keeps every acknowledged lead once', async () => {
    const leadAnswers: Answer[] = [];
    const speechAnswers: Answer[] = [];
    /** event_id → every submissionId a 200 carried for it. */
    const acknowledged = new Map<string, Set<string>>();
    let spoken = 0;
    let started = 0;

    /** One lead as the site's form sends it: retried with the same event_id until it is stored. */
    const submitLead = async () => {
      const eventId = randomUUID();
      started += 1;
      const body = {
        formSlug: 'newsletter',
        values: { email: `fault-${eventId.slice(0, 8)}@acme.example` },
        event_id: eventId,
      };
      const deadline = Date.now() + 45_000;
      for (;;) {
        // A fresh client address per attempt: the per-IP limit is not what this test is about.
        const response = await postJson(server.url, '/api/leads', body, { ip: nextIp() });
        const answer = await answerOf(response.clone());
        leadAnswers.push(answer);
        if (response.ok) {
          const { submissionId } = (await response.json()) as { submissionId: string };
          acknowledged.set(eventId, (acknowledged.get(eventId) ?? new Set()).add(submissionId));
          return;
        }
        if (answer.code !== 'SUBMISSION_STORE_FAILED' || Date.now() > deadline) return;
        await pause(200);
      }
    };
    const speak = async () => {
      const response = await voice(server.url, org.apiKey, '/v2/tts', {
        json: { text: 'The store may be down, but this sentence is not lost.', voice: voiceId },
      });
      if (response.ok) {
        // A stream that began before the outage is finished whole.
        expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
        spoken += 1;
      }
      speechAnswers.push(await answerOf(response));
      await pause(100);
    };

    const loops = [loop(submitLead), loop(submitLead), loop(speak), loop(speak)];
    try {
      await eventually(() => (acknowledged.size >= 4 && spoken >= 2) || undefined, 30_000);
      await redis.stop();
      await eventually(
        () =>
          (leadAnswers.some((a) => a.status !== 200) &&
            speechAnswers.some((a) => a.status === 503)) ||
          undefined,
        20_000,
      );
      await redis.start();
      const [leadsBefore, spokenBefore] = [acknowledged.size, spoken];
      await eventually(
        () => (acknowledged.size >= leadsBefore + 4 && spoken >= spokenBefore + 2) || undefined,
        45_000,
      );
    } finally {
      await Promise.all(loops.map((l) => l.stop()));
    }

    expectOnlyDocumented(leadAnswers, ['500 SUBMISSION_STORE_FAILED']);
    expectOnlyDocumented(speechAnswers, [
      '503 SERVICE_UNAVAILABLE',
      '429 concurrency_limit_reached',
    ]);
    expect(speechAnswers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    // Every submission the clients started was acknowledged in the end, each with one id.
    expect(acknowledged.size).toBe(started);
    for (const [eventId, ids] of acknowledged)
      expect({ eventId, ids: ids.size }).toEqual({ eventId, ids: 1 });

    // Read back from Redis: each acknowledged submission is stored and indexed exactly once, and
    // no event_id was stored twice.
    const client = new Redis(redis.url);
    try {
      const all = await client.lrange(`${server.keyPrefix}lead:all`, 0, -1);
      const stored = await Promise.all(
        all.map(async (id) => {
          const json = await client.get(`${server.keyPrefix}lead:sub:${id}`);
          return { id, eventId: json ? (JSON.parse(json) as { eventId: string }).eventId : null };
        }),
      );
      for (const [eventId, ids] of acknowledged) {
        const [id] = [...ids];
        expect({ eventId, copies: all.filter((x) => x === id).length }).toEqual({
          eventId,
          copies: 1,
        });
        expect({
          eventId,
          stored: stored.filter((s) => s.eventId === eventId).map((s) => s.id),
        }).toEqual({
          eventId,
          stored: [id],
        });
      }
    } finally {
      client.disconnect();
    }

    // Speech: each generation that answered 200 was charged, each refused one was not.
    await eventually(async () => {
      const { rows } = await sql.query<{ n: string }>(
        `SELECT count(*) AS n FROM speech_reservations WHERE org_id = $1 AND status = 'held'`,
        [org.orgId],
      );
      return rows[0]!.n === '0' ? true : undefined;
    });
    const { rows } = await sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM speech_reservations WHERE org_id = $1 AND charged_micros > 0`,
      [org.orgId],
    );
    expect(Number(rows[0]!.n)).toBe(spoken);
    await expectConsistentWallet();
    console.log(
      `redis fault: ${leadAnswers.length} lead requests (${leadAnswers.filter((a) => a.status !== 200).length} refused), ${acknowledged.size} leads stored once; ${speechAnswers.length} speech requests (${speechAnswers.filter((a) => a.status === 503).length} answered 503), ${spoken} charged`,
    );
  });
});

describe('Postgres cut and restored during call dispatch and playback', () => {
  it('answers 503 or succeeds, and every acknowledged call finishes once, charged once', async () => {
    const answers: Answer[] = [];
    /** Idempotency-Key → every call_id a 200 carried for it. */
    const acknowledged = new Map<string, Set<string>>();
    let started = 0;

    /** One dispatch as a careful client sends it: retried with the same key until accepted. */
    const dispatchOne = async () => {
      const n = started++;
      const key = `fault-${n}-${randomUUID()}`;
      const body = {
        phone_number: `+1415555${String(2000 + n).padStart(4, '0')}`,
        task: 'Confirm the delivery window for Thursday morning.',
        record: true,
        // Each call holds its longest cost until it ends: five minutes ($0.45) keeps the wallet
        // able to hold every call this loop has in flight.
        max_duration: 5,
      };
      const deadline = Date.now() + 45_000;
      for (;;) {
        const response = await voice(server.url, org.apiKey, '/v1/calls', {
          json: body,
          headers: { 'Idempotency-Key': key },
        });
        const answer = await answerOf(response.clone());
        answers.push(answer);
        if (response.ok) {
          const { call_id } = (await response.json()) as { call_id: string };
          acknowledged.set(key, (acknowledged.get(key) ?? new Set()).add(call_id));
          break;
        }
        if (answer.status !== 503 && answer.status !== 409) break;
        if (Date.now() > deadline) break;
        await pause(200);
      }
      // Paced, so that calls are still being dispatched when the database goes away.
      await pause(300);
    };

    const loops = [loop(dispatchOne), loop(dispatchOne)];
    try {
      // Cut while calls are being dialled and played.
      await eventually(async () => {
        if (acknowledged.size < 4) return undefined;
        const { rows } = await sql.query<{ n: string }>(
          `SELECT count(*) AS n FROM calls WHERE org_id = $1 AND queue_status = 'started'`,
          [org.orgId],
        );
        return Number(rows[0]!.n) > 0 ? true : undefined;
      }, 30_000);
      const logged = server.logs().length;
      await proxy.cut();
      databaseCut = true;
      // Down until both a dispatch and the playing calls' scheduler have run into it.
      await eventually(
        () =>
          (answers.some((a) => a.status === 503) &&
            /call scheduler:|step failed/.test(server.logs().slice(logged))) ||
          undefined,
        20_000,
      );
      await proxy.restore();
      databaseCut = false;
      const before = acknowledged.size;
      await eventually(() => (acknowledged.size >= before + 4 ? true : undefined), 45_000);
    } finally {
      await Promise.all(loops.map((l) => l.stop()));
    }

    expectOnlyDocumented(answers, ['503 SERVICE_UNAVAILABLE', '409 IDEMPOTENCY_KEY_IN_USE']);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    for (const [key, ids] of acknowledged) expect({ key, ids: ids.size }).toEqual({ key, ids: 1 });
    const callIds = [...acknowledged.values()].map((ids) => [...ids][0]!);

    // One call per key in the database: no retry placed a second one.
    const { rows: counted } = await sql.query<{ n: string }>(
      'SELECT count(*) AS n FROM calls WHERE org_id = $1',
      [org.orgId],
    );
    expect(acknowledged.size).toBe(started);
    expect(Number(counted[0]!.n)).toBe(started);

    // Every call finishes (a step interrupted by the outage is resumed), with one line per seq,
    // and is charged exactly once.
    for (const id of callIds) {
      const call = await waitForEnd(server.url, org.apiKey, id, 60_000);
      expect({ id, status: call.queue_status, error: call.error_message }).toEqual({
        id,
        status: 'complete',
        error: null,
      });
      const { rows: lines } = await sql.query<{ seq: number }>(
        'SELECT seq FROM transcripts WHERE call_id = $1 ORDER BY seq',
        [id],
      );
      expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i));
      const { rows: charges } = await sql.query<{ amount: string }>(
        `SELECT amount_micros AS amount FROM wallet_ledger WHERE kind = 'call_charge' AND reference = $1`,
        [`call:${id}`],
      );
      expect({ id, charges: charges.length }).toEqual({ id, charges: 1 });
      expect(-Number(charges[0]!.amount) / 1e6).toBeCloseTo(call.price ?? 0, 6);
    }
    await expectConsistentWallet();
    console.log(
      `postgres fault: ${answers.length} dispatch requests, ${answers.filter((a) => a.status === 503).length} answered 503, ${callIds.length} calls finished once and charged once`,
    );

    // A connection dropped under a transaction is an outage answered above, not a crash.
    expect(server.logs()).not.toMatch(/uncaughtException/);

    // Served normally again, without a restart.
    const after = await voice(server.url, org.apiKey, '/v1/calls');
    expect(after.status).toBe(200);
    await after.arrayBuffer();
  });

  it('a frozen Postgres (connections kept, no answer) is a 503 too, not a hung request', async () => {
    proxy.freeze();
    databaseFrozen = true;
    try {
      // Bounded by the pool's statement and connection timeouts (10 s), not by the test's.
      const answers = await Promise.all(
        ['/v1/calls', '/v1/voices'].map(async (path) =>
          answerOf(await voice(server.url, org.apiKey, path)),
        ),
      );
      expectOnlyDocumented(answers, ['503 SERVICE_UNAVAILABLE']);
      expect(answers.map((a) => a.status)).toEqual([503, 503]);
    } finally {
      proxy.thaw();
      databaseFrozen = false;
    }
    await eventually(async () => {
      const response = await voice(server.url, org.apiKey, '/v1/calls');
      await response.arrayBuffer();
      return response.status === 200 ? true : undefined;
    }, 20_000);
  });
});
