import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { startCallScheduler, type Scheduler } from '@/lib/calls/call-scheduler';
import { stopCall } from '@/lib/calls/lifecycle';
import { DEFAULT_HOURS } from '@/lib/calls/rules';
import { createPostgresDatabase, schema, type Database, type Db } from '@/lib/adapters/db';
import type { SandboxCallProvider } from '@/lib/adapters/telephony';
import {
  defineJob,
  JOBS_SCHEMA,
  startJobQueue,
  startScheduledCallsJob,
  type JobQueue,
} from '@/lib/composition/jobs';
import {
  callRow,
  controlledClock,
  newCallOrg,
  speechEngineForFile,
  testCallDeps,
  type ControlledClock,
  type TestCallDeps,
} from '../../support/call-deps';
import { freshPostgresUrl } from '../../support/databases';
import { eventually } from '../../support/eventually';

// A scheduled call and a retry on two instances of the service sharing one Postgres, each with
// its job queue (the scheduled-calls job) and its call steps, on one injected clock; one
// instance is killed between the moments and another started. Every call is dialled once, at
// its moment exactly, and none before.

const NOON = Date.parse('2026-11-04T17:00:00Z');
const MINUTE = 60_000;
const SCHEDULED = '+17185550123';
const UNANSWERED = '+17185550101';
const speech = speechEngineForFile();

/** Every number dialled on these instances' lines, in order. */
const dialled: string[] = [];

/** An instance of the service: its call steps and its job queue, on its own pool. */
interface Instance {
  deps: TestCallDeps;
  steps: Scheduler;
  queue: JobQueue;
}

async function startInstance(database: Database, clock: ControlledClock): Promise<Instance> {
  const db = await database.ready();
  const deps = { ...testCallDeps(db, speech.current, { clock }), rules: RULES };
  const line = deps.provider as SandboxCallProvider;
  const connect = line.connect.bind(line);
  line.connect = (to: string) => {
    dialled.push(to);
    return connect(to);
  };
  const job = defineJob({
    ...startScheduledCallsJob,
    // Short, so the kill's held sweep goes to the other instance within the test.
    expireInSeconds: 2,
    deps: async () => ({ db, clock }),
  });
  const queue = await startJobQueue(database, [job], { maintenanceIntervalSeconds: 1 });
  return { deps, steps: startCallScheduler(deps), queue };
}

const RULES = { countries: ['US', 'CA'], denyPrefixes: [], hours: DEFAULT_HOURS };

/** A killed process: its queue's queries never return, its steps stop. */
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

/** Real time for the instances' sweeps (a second apart) to have run a few times. */
const sweepsRun = () => new Promise((resolve) => setTimeout(resolve, 2_500));

describe('scheduled calls and retries on postgres, two instances, one killed', () => {
  let drop: () => Promise<void>;
  const pools: Database[] = [];
  const running: Instance[] = [];
  let db: Db;
  beforeAll(async () => {
    const fresh = await freshPostgresUrl();
    drop = fresh.drop;
    for (let i = 0; i < 3; i++) pools.push(createPostgresDatabase(fresh.url));
    db = await pools[0]!.ready();
  }, 120_000);
  afterAll(async () => {
    for (const instance of running) {
      await instance.steps.stop();
      await instance.queue.stop();
    }
    for (const pool of pools) await pool.close();
    await drop?.();
  });

  it('dials each call once, at its moment and not before, across a kill', async () => {
    const clock = controlledClock(NOON);
    const a = killable(pools[0]!);
    const instanceA = await startInstance(a.database, clock);
    const orgId = await newCallOrg(instanceA.deps, 'Two instances');
    const dispatch = (body: Record<string, unknown>) =>
      dispatchCall(instanceA.deps, {
        orgId,
        body: { task: 'Confirm the slot.', ...body },
        idempotencyKey: null,
        origin: 'https://api.test',
      });
    const at = NOON + 30 * MINUTE;
    const scheduled = (
      await dispatch({ phone_number: SCHEDULED, start_time: '2026-11-04T12:30:00-05:00' })
    ).body.call_id;
    const first = (
      await dispatch({
        phone_number: UNANSWERED,
        retry: { max_attempts: 2, wait_minutes: 10, on: ['no-answer'] },
      })
    ).body.call_id;

    // Instance A dials the retried call at once; it rings out (30 s on the line) and its second
    // attempt is queued for ten minutes after that.
    await eventually(
      async () => ((await callRow(db, first)).queueStatus === 'started' ? true : undefined),
      20_000,
    );
    clock.set(NOON + MINUTE);
    const second = await eventually(async () => {
      const [row] = await db.select().from(schema.calls).where(eq(schema.calls.retryOf, first));
      return row;
    }, 20_000);
    const retryAt = (await callRow(db, first)).endAt!.getTime() + 10 * MINUTE;
    expect(second.scheduledFor?.getTime()).toBe(retryAt);
    // A's queue has swept (finding nothing due) before it dies.
    await eventually(async () => {
      const { rows } = await pools[0]!.executeSql(
        `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state = 'completed'`,
        [startScheduledCallsJob.name],
      );
      return (rows[0] as { n: number }).n > 0 ? true : undefined;
    }, 20_000);

    // The kill: A's queue answers nothing from now on, its steps are gone.
    a.kill();
    await instanceA.steps.stop();

    // B starts a millisecond before the retry's moment: nothing is released, nothing dialled.
    clock.set(retryAt - 1);
    const instanceB = await startInstance(pools[1]!, clock);
    running.push(instanceB);
    await sweepsRun();
    expect(await callRow(db, second.id)).toMatchObject({ queueStatus: 'queued', startedAt: null });
    expect(dialled).toEqual([UNANSWERED]);

    // At the moment: B dials it, then and only then.
    clock.set(retryAt);
    const retried = await eventually(async () => {
      const row = await callRow(db, second.id);
      return row.startedAt ? row : undefined;
    }, 20_000);
    expect(retried.startedAt!.getTime()).toBe(retryAt);
    clock.set(retryAt + MINUTE);
    await eventually(async () => ((await callRow(db, second.id)).endAt ? true : undefined), 20_000);

    // A restarted A and B both run until the scheduled call's moment, then past it.
    const instanceC = await startInstance(pools[2]!, clock);
    running.push(instanceC);
    clock.set(at - 1);
    await sweepsRun();
    expect(await callRow(db, scheduled)).toMatchObject({ queueStatus: 'queued', startedAt: null });
    clock.set(at);
    const started = await eventually(async () => {
      const row = await callRow(db, scheduled);
      return row.startedAt ? row : undefined;
    }, 20_000);
    expect(started.startedAt!.getTime()).toBe(at);
    await sweepsRun();
    await stopCall(instanceB.deps, orgId, scheduled);

    // Once each: the first attempt, its retry (the last of two), the scheduled call.
    expect(dialled).toEqual([UNANSWERED, UNANSWERED, SCHEDULED]);
    const series = await db.select().from(schema.calls).where(eq(schema.calls.orgId, orgId));
    expect(series).toHaveLength(3);
  }, 120_000);
});
