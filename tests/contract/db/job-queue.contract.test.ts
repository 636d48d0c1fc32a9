import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { stopCall } from '@/lib/calls/lifecycle';
import { createPostgresDatabase, schema, type Database, type Db } from '@/lib/adapters/db';
import {
  defineJob,
  deliverWebhooksJob,
  JOBS_SCHEMA,
  startJobQueue,
  type JobQueue,
} from '@/lib/composition/jobs';
import {
  controlledClock,
  newCallOrg,
  speechEngineForFile,
  testCallDeps,
  type TestCallDeps,
} from '../../support/call-deps';
import { databaseAdapters, freshPostgresUrl, type TestDatabase } from '../../support/databases';
import { eventually } from '../../support/eventually';

// Background work on pg-boss, over our own connection: the embedded default (PGlite, the only
// instance) and Postgres with two instances, one of them killed while it holds work. Whatever
// happens, each webhook delivery is sent and recorded once, none is lost, and no queue job is
// left behind unfinished. The work is the real delivery job; only its receiver is a double.

const HOOK = 'https://93.184.215.14/hooks/call';
const speech = speechEngineForFile();

/** The delivery job with a test's dependencies (and a short expiry, for the kill). */
const deliveriesWith = (deps: TestCallDeps) =>
  defineJob({ ...deliverWebhooksJob, expireInSeconds: 2, deps: async () => deps });

/** Calls with a webhook, stopped at once: each queues one delivery, due now. */
async function endedCalls(deps: TestCallDeps, orgId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { body } = await dispatchCall(deps, {
      orgId,
      body: { phone_number: '+14155550123', task: 'Confirm the slot.', webhook: HOOK },
      idempotencyKey: null,
      origin: 'https://api.test',
    });
    await stopCall(deps, orgId, body.call_id);
    ids.push(body.call_id);
  }
  return ids;
}

async function deliveriesOf(db: Db, callIds: string[]) {
  return db
    .select()
    .from(schema.webhookDeliveries)
    .where(inArray(schema.webhookDeliveries.callId, callIds));
}

/** Waits until every one of these calls' deliveries is delivered; returns the rows. */
async function allDelivered(db: Db, callIds: string[]) {
  return eventually(async () => {
    const rows = await deliveriesOf(db, callIds);
    return rows.length === callIds.length && rows.every((row) => row.status === 'delivered')
      ? rows
      : undefined;
  }, 30_000);
}

/** The queue's jobs by state, as pg-boss keeps them. */
async function jobStates(database: Database, name: string): Promise<Record<string, number>> {
  const { rows } = await database.executeSql(
    `SELECT state, count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 GROUP BY state`,
    [name],
  );
  return Object.fromEntries((rows as { state: string; n: number }[]).map((r) => [r.state, r.n]));
}

/**
 * An instance that can be killed: from then on nothing its queue sends reaches the server and
 * nothing comes back (its jobs stay active, held, as a dead process leaves them).
 */
function killable(database: Database): { database: Database; kill(): void } {
  let dead = false;
  return {
    database: {
      ...database,
      executeSql: (text, values) =>
        dead ? new Promise<never>(() => {}) : database.executeSql(text, values),
    },
    kill: () => {
      dead = true;
    },
  };
}

const sentIds = (deps: TestCallDeps) => deps.webhooks.sent.map((delivery) => delivery.id).sort();
const webhookIds = (callIds: string[]) => callIds.map((id) => `msg_${id}`).sort();

describe.each(databaseAdapters)('the job queue on $name, one instance', (adapter) => {
  let handle: TestDatabase;
  let deps: TestCallDeps;
  let queue: JobQueue | undefined;
  beforeAll(async () => {
    handle = await adapter.open();
    deps = testCallDeps(await handle.database.ready(), speech.current);
  }, 120_000);
  afterAll(async () => {
    await queue?.stop();
    await handle?.dispose();
  });

  it('delivers every queued webhook once, and after a restart only what was left', async () => {
    const job = deliveriesWith(deps);
    const orgId = await newCallOrg(deps, 'Queue');
    const first = await endedCalls(deps, orgId, 5);
    queue = await startJobQueue(handle.database, [job], { maintenanceIntervalSeconds: 1 });
    const rows = await allDelivered(deps.db, first);
    expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1, 1, 1]);
    expect(sentIds(deps)).toEqual(webhookIds(first));

    // Stopped, the queue runs nothing; queued meanwhile, the work waits for the next start.
    await queue.stop();
    queue = undefined;
    const second = await endedCalls(deps, orgId, 3);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(deps.webhooks.sent).toHaveLength(5);
    queue = await startJobQueue(handle.database, [job], { maintenanceIntervalSeconds: 1 });
    await allDelivered(deps.db, second);
    expect(sentIds(deps)).toEqual(webhookIds([...first, ...second]));
    // A sweep is sent once per second whoever asks; none failed.
    const states = await jobStates(handle.database, job.name);
    expect(states.completed).toBeGreaterThan(0);
    expect(states.failed ?? 0).toBe(0);
  }, 90_000);
});

describe.each(databaseAdapters)('a job sent with data on $name', (adapter) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await adapter.open();
    await handle.database.ready();
  }, 120_000);
  afterAll(() => handle?.dispose());

  it("hands what was sent to the job's run, once", async () => {
    const seen: unknown[] = [];
    const echo = defineJob({
      name: 'test.echo',
      everySeconds: 30,
      concurrency: 2,
      expireInSeconds: 5,
      batch: 10,
      deps: async () => seen,
      run: async (into, data) => {
        if (data?.note) into.push(data.note);
        return 0;
      },
    });
    const queue = await startJobQueue(handle.database, [echo]);
    try {
      await queue.send(echo.name, { note: 'hello' });
      await queue.send(echo.name, { note: 'again' });
      await eventually(() => (seen.length === 2 ? true : undefined), 20_000);
      expect([...seen].sort()).toEqual(['again', 'hello']);
    } finally {
      await queue.stop();
    }
  }, 60_000);
});

// Several instances share a database only on a server (PGlite is one process's own).
const servers = databaseAdapters.filter(({ name }) => name === 'postgres');

describe.each(servers)('the job queue on $name, two instances, one killed', () => {
  let drop: () => Promise<void>;
  let a: Database;
  let b: Database;
  let queueB: JobQueue | undefined;
  beforeAll(async () => {
    const fresh = await freshPostgresUrl();
    drop = fresh.drop;
    a = createPostgresDatabase(fresh.url);
    b = createPostgresDatabase(fresh.url);
    await a.ready();
    await b.ready();
  }, 120_000);
  afterAll(async () => {
    await queueB?.stop();
    await b?.close();
    await a?.close();
    await drop?.();
  });

  it('sends each delivery once, none lost, when an instance dies holding some', async () => {
    const clock = controlledClock();
    const depsA = testCallDeps(await a.ready(), speech.current, { clock });
    const depsB = testCallDeps(await b.ready(), speech.current, { clock });
    // A's receiver never answers: A is killed while its sweep holds what it claimed.
    const heldByA: string[] = [];
    depsA.webhooks.send = (delivery) => {
      heldByA.push(delivery.id);
      return new Promise(() => {});
    };
    const orgId = await newCallOrg(depsB, 'Two instances');
    const before = await endedCalls(depsB, orgId, 3);
    const jobA = deliveriesWith(depsA);
    const instanceA = killable(a);
    await startJobQueue(instanceA.database, [jobA], { maintenanceIntervalSeconds: 1 });
    await eventually(() => (heldByA.length === 3 ? true : undefined), 30_000);
    const { rows: active } = await a.executeSql(
      `SELECT id FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state = 'active'`,
      [jobA.name],
    );
    expect(active.length).toBeGreaterThan(0);

    // The kill: A finishes nothing and gives nothing back (no failing, no completing).
    instanceA.kill();

    const after = await endedCalls(depsB, orgId, 3);
    queueB = await startJobQueue(b, [deliveriesWith(depsB)], { maintenanceIntervalSeconds: 1 });
    // What A never claimed goes out at once.
    await allDelivered(depsB.db, after);
    expect(sentIds(depsB)).toEqual(webhookIds(after));
    // A's claims hold for their lease; once it has run out, B sends them.
    const claimedByA = await deliveriesOf(depsB.db, before);
    expect(claimedByA.every((row) => row.status === 'pending')).toBe(true);
    clock.advance(31_000);
    const rows = await allDelivered(depsB.db, before);
    expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1]);
    expect(sentIds(depsB)).toEqual(webhookIds([...before, ...after]));
    expect([...heldByA].sort()).toEqual(webhookIds(before));

    // At the queue's level: the sweep A held expired, was retried and finished at B.
    const ids = (active as { id: string }[]).map((row) => row.id);
    await eventually(async () => {
      const { rows: states } = await b.executeSql(
        `SELECT state FROM ${JOBS_SCHEMA}.job WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return (states as { state: string }[]).every((row) => row.state === 'completed')
        ? true
        : undefined;
    }, 30_000);
    const states = await jobStates(b, jobA.name);
    expect(states.failed ?? 0).toBe(0);
    // Nothing recorded an attempt twice.
    const attempts = await depsB.db
      .select()
      .from(schema.webhookAttempts)
      .where(
        and(
          inArray(
            schema.webhookAttempts.deliveryId,
            rows.map((row) => row.id),
          ),
          eq(schema.webhookAttempts.statusCode, 200),
        ),
      );
    expect(attempts).toHaveLength(3);
  }, 120_000);
});
