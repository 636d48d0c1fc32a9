import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { runDueWork } from '@/lib/calls/run-due-work';
import { createOrg } from '@/lib/composition/create-org';
import { setLimitOverrides } from '@/lib/wallet/limits/set-limit-overrides';
import { applyLedgerEntry } from '@/lib/wallet';
import { readRefusalCounts, type RuleSettings } from '@/lib/calls/rules';
import { createPostgresDatabase, schema, type Database, type Db } from '@/lib/adapters/db';
import {
  callRow,
  controlledClock,
  speechEngineForFile,
  testCallDeps,
  type TestCallDeps,
} from '../../support/call-deps';
import { databaseAdapters, freshPostgresUrl } from '../../support/databases';
import { openCarrierSuite, recordingCarrier } from '../../support/recording-carrier';

// The new-organization cap on real calls (3 at once, 50 a day, one country) on a carrier line,
// enforced at each dial under the org row's lock, with an early answer at dispatch.

const speech = speechEngineForFile();
const rules: RuleSettings = { countries: ['US', 'CA'], denyPrefixes: [], hours: null };
const US = (n: number) => `+1718234${String(5000 + n).padStart(4, '0')}`;
const CANADA = '+14162345678';

/** A new org with $5 of deposits (paying, far under the $50 that lifts the cap). */
async function newPayingOrg(deps: TestCallDeps): Promise<string> {
  const now = new Date(deps.clock.now());
  const { orgId } = await createOrg(
    deps.db,
    { name: 'New', startingCreditMicros: 100_000_000 },
    now,
  );
  await applyLedgerEntry(deps.db, { orgId, kind: 'deposit', amountMicros: 5_000_000, now });
  return orgId;
}

const dispatch = (deps: TestCallDeps, orgId: string, to: string) =>
  dispatchCall(deps, {
    orgId,
    body: { phone_number: to, task: 'Confirm Tuesday.', max_duration: 3 },
    idempotencyKey: null,
    origin: 'https://api.test',
  }).then((r) => r.body.call_id);

const statuses = async (db: Db, orgId: string) =>
  (
    await db
      .select({ status: schema.calls.queueStatus })
      .from(schema.calls)
      .where(eq(schema.calls.orgId, orgId))
  ).map((r) => r.status);

describe.each(databaseAdapters)('new-organization velocity on $name', (adapter) => {
  let deps: TestCallDeps;
  openCarrierSuite(adapter, speech, (opened) => {
    deps = { ...opened.deps, rules };
  });

  it('dials three real calls at once; the others wait for a line', async () => {
    const orgId = await newPayingOrg(deps);
    for (let i = 0; i < 5; i++) await dispatch(deps, orgId, US(i));
    await runDueWork(deps);
    await runDueWork(deps);
    const now = await statuses(deps.db, orgId);
    expect(now.filter((s) => s === 'started')).toHaveLength(3);
    expect(now.filter((s) => s === 'queued')).toHaveLength(2);
  });

  it('keeps to one country: refused at dispatch, and at the dial after an operator revokes a raise', async () => {
    const orgId = await newPayingOrg(deps);
    const american = await dispatch(deps, orgId, US(10));
    await runDueWork(deps);
    expect((await callRow(deps.db, american)).queueStatus).toBe('started');
    await expect(dispatch(deps, orgId, CANADA)).rejects.toMatchObject({
      code: 'VELOCITY_LIMIT',
      status: 429,
      message: expect.stringContaining('has called US'),
      headers: { 'Retry-After': String(7 * 86_400) },
    });
    // A raise lifts the cap; taken back, the dial itself refuses the second country.
    await setLimitOverrides(deps.db, orgId, { concurrent_calls: 10 });
    const canadian = await dispatch(deps, orgId, CANADA);
    await setLimitOverrides(deps.db, orgId, { concurrent_calls: null });
    await runDueWork(deps);
    expect(await callRow(deps.db, canadian)).toMatchObject({
      queueStatus: 'call_error',
      priceMicros: 0,
      errorMessage: expect.stringMatching(/^VELOCITY_LIMIT: .*has called US/),
    });
    // Both refusals counted: the dispatch's and the dial's.
    expect(await readRefusalCounts(deps.db, orgId)).toMatchObject([
      { code: 'VELOCITY_LIMIT', count: 2 },
    ]);
  });

  it('places 50 real calls a day, then 429 until the oldest is a day old; $50 of deposits lift it', async () => {
    const orgId = await newPayingOrg(deps);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await dispatch(deps, orgId, US(100 + i)));
    // They were dialled an hour ago and have ended.
    const hourAgo = new Date(deps.clock.now() - 3_600_000);
    await deps.db
      .update(schema.calls)
      .set({ queueStatus: 'complete', startedAt: hourAgo, nextStepAt: null })
      .where(eq(schema.calls.orgId, orgId));
    await expect(dispatch(deps, orgId, US(200))).rejects.toMatchObject({
      code: 'VELOCITY_LIMIT',
      headers: { 'Retry-After': String(23 * 3_600) },
    });
    // Test numbers and the sandbox line are not real calls.
    await expect(dispatch(deps, orgId, '+17185550123')).resolves.toBeTypeOf('string');
    await expect(
      dispatch(
        { ...deps, provider: testCallDeps(deps.db, speech.current).provider },
        orgId,
        US(201),
      ),
    ).resolves.toBeTypeOf('string');
    const now = new Date(deps.clock.now());
    await applyLedgerEntry(deps.db, { orgId, kind: 'deposit', amountMicros: 45_000_000, now });
    await expect(dispatch(deps, orgId, US(202))).resolves.toBeTypeOf('string');
  });

  it('ends after seven days', async () => {
    const orgId = await newPayingOrg(deps);
    await dispatch(deps, orgId, US(300));
    deps.clock.set(deps.clock.now() + 7 * 86_400_000);
    await expect(dispatch(deps, orgId, CANADA)).resolves.toBeTypeOf('string');
  });
});

describe.skipIf(!databaseAdapters.some((a) => a.name === 'postgres'))(
  'new-organization velocity across two instances on one Postgres',
  () => {
    let databases: Database[] = [];
    let drop: () => Promise<void>;
    let instances: TestCallDeps[] = [];
    beforeAll(async () => {
      const fresh = await freshPostgresUrl();
      drop = fresh.drop;
      databases = [createPostgresDatabase(fresh.url), createPostgresDatabase(fresh.url)];
      const clock = controlledClock();
      instances = [];
      for (const [i, database] of databases.entries()) {
        const db = await database.ready();
        instances.push({
          ...testCallDeps(db, speech.current, { clock }),
          // Each instance's carrier numbers its calls apart (SIDs are unique).
          provider: recordingCarrier({ sidPrefix: `CA${i}x` }),
          rules,
        });
      }
    }, 120_000);
    afterAll(async () => {
      for (const database of databases) await database.close();
      await drop?.();
    });

    it('dials no more than three real calls at once when both dial at the same moment', async () => {
      const [a, b] = instances as [TestCallDeps, TestCallDeps];
      const orgId = await newPayingOrg(a);
      for (let i = 0; i < 10; i++) await dispatch(i % 2 ? a : b, orgId, US(400 + i));
      await Promise.all([runDueWork(a), runDueWork(b), runDueWork(a), runDueWork(b)]);
      const started = (await statuses(a.db, orgId)).filter((s) => s === 'started');
      expect(started).toHaveLength(3);
      // Each carrier was asked for its own calls only: three in all.
      const carriers = instances.map((i) => i.provider as ReturnType<typeof recordingCarrier>);
      expect(carriers.reduce((sum, c) => sum + c.placed.length, 0)).toBe(3);
    });
  },
);
