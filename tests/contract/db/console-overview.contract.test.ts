import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@/lib/adapters/db';
import { batchEndedLengths } from '@/lib/console/batch-ended-lengths';
import { listLiveCalls } from '@/lib/console/list-live-calls';
import { callLiveVersion, liveVersionEvents, orgLiveVersion } from '@/lib/console/live-version';
import { overviewDays, windowFigures } from '@/lib/console/overview-stats';
import { transcriptOffsets } from '@/lib/console/transcript-offsets';
import { createOrg } from '@/lib/composition/create-org';
import { databaseAdapters, type TestDatabase } from '../../support/databases';

type Status = 'queued' | 'started' | 'complete' | 'call_error';
const at = (iso: string) => new Date(iso);

// The console's overview and live pages, computed by the database: figures per UTC day, the live
// version that changes when a call is placed, starts, speaks or ends (and only then), and a
// batch's histogram of ended calls.
describe.each(databaseAdapters)('console overview queries on $name', (adapter) => {
  let handle: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    handle = await adapter.open();
    db = await handle.database.ready();
  }, 60_000);
  afterAll(() => handle.dispose());

  const newOrg = async () =>
    (await createOrg(db, { name: 'Overview', startingCreditMicros: 0 }, at('2026-10-01T00:00:00Z')))
      .orgId;
  type CallFields = {
    status: Status;
    created: string;
    ms?: number;
    micros?: number | null;
    batchId?: string;
    answeredBy?: 'human' | 'voicemail' | 'unknown';
  };
  const callRow = (orgId: string, fields: CallFields, id = randomUUID()) => ({
    id,
    orgId,
    batchId: fields.batchId ?? null,
    queueStatus: fields.status,
    toNumber: '+14155550123',
    fromNumber: '+14155550100',
    task: 'Say hello.',
    waitForGreeting: false,
    maxDuration: 5,
    record: false,
    createdAt: at(fields.created),
    durationMs: fields.ms ?? 0,
    priceMicros: fields.micros ?? null,
    answeredBy: fields.answeredBy ?? null,
    provider: 'sandbox',
    endpointUrl: 'sandbox://simulated-line',
    sandbox: true,
    apiOrigin: 'http://localhost',
  });
  const call = async (orgId: string, fields: CallFields) => {
    const row = callRow(orgId, fields);
    await db.insert(schema.calls).values(row);
    return row.id;
  };
  const setStatus = (id: string, status: Status) =>
    db.update(schema.calls).set({ queueStatus: status }).where(eq(schema.calls.id, id));

  it('sums calls, ended minutes, spend, completed and errors per UTC day, for 1, 7 and 30 days', async () => {
    const org = await newOrg();
    const other = await newOrg();
    await call(org, {
      status: 'complete',
      created: '2026-11-05T00:00:00Z',
      ms: 60_000,
      micros: 90_000,
      answeredBy: 'human',
    });
    await call(org, { status: 'call_error', created: '2026-11-05T14:00:00Z', ms: 0, micros: 0 });
    // Running: counted as a call, its growing length not yet as minutes, its answer not yet.
    await call(org, {
      status: 'started',
      created: '2026-11-05T14:59:00Z',
      ms: 30_000,
      answeredBy: 'human',
    });
    await call(org, {
      status: 'complete',
      created: '2026-11-04T23:59:59Z',
      ms: 120_000,
      micros: 180_000,
      answeredBy: 'voicemail',
    });
    await call(org, {
      status: 'complete',
      created: '2026-11-04T12:00:00Z',
      ms: 3_000,
      micros: 0,
      answeredBy: 'unknown',
    });
    await call(org, {
      status: 'complete',
      created: '2026-10-30T10:00:00Z',
      ms: 30_000,
      micros: 45_000,
    });
    await call(org, {
      status: 'complete',
      created: '2026-10-07T10:00:00Z',
      ms: 6_000,
      micros: 9_000,
    });
    await call(org, { status: 'complete', created: '2026-10-06T23:59:59Z', ms: 99_000, micros: 1 }); // 31 days back
    await call(other, {
      status: 'complete',
      created: '2026-11-05T10:00:00Z',
      ms: 600_000,
      micros: 900_000,
    });

    const days = await overviewDays(db, org, at('2026-11-05T15:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe('2026-10-07');
    const today = {
      calls: 3,
      completed: 1,
      errors: 1,
      answeredHuman: 1,
      answeredVoicemail: 0,
      connectedMs: 60_000,
      spendMicros: 90_000,
    };
    expect(days.at(-1)).toEqual({ day: '2026-11-05', ...today });
    expect(days.find((d) => d.day === '2026-11-03')).toEqual({
      day: '2026-11-03',
      calls: 0,
      completed: 0,
      errors: 0,
      answeredHuman: 0,
      answeredVoicemail: 0,
      connectedMs: 0,
      spendMicros: 0,
    });
    expect(windowFigures(days, 1)).toEqual(today);
    expect(windowFigures(days, 7)).toEqual({
      calls: 6,
      completed: 4,
      errors: 1,
      answeredHuman: 1,
      answeredVoicemail: 1,
      connectedMs: 213_000,
      spendMicros: 315_000,
    });
    expect(windowFigures(days, 30)).toMatchObject({ calls: 7, connectedMs: 219_000 });
    // Read again, the past days come from what the first read kept: the same figures.
    expect(await overviewDays(db, org, at('2026-11-05T15:00:00Z'))).toEqual(days);
  });

  it('changes the live version when a call is placed, starts, speaks or ends, and only then', async () => {
    const org = await newOrg();
    await call(org, { status: 'complete', created: '2026-11-05T09:00:00Z' });
    const idle = await orgLiveVersion(db, org);
    expect(idle.live).toBe(false);
    expect(await orgLiveVersion(db, org)).toEqual(idle);

    const id = await call(org, { status: 'queued', created: '2026-11-05T10:00:00Z' });
    const placed = await orgLiveVersion(db, org);
    expect(placed.live).toBe(true);
    expect(placed.version).not.toBe(idle.version);
    const first = await callLiveVersion(db, org, id);
    expect(first.live).toBe(true);

    await setStatus(id, 'started');
    const started = await orgLiveVersion(db, org);
    expect(started.version).not.toBe(placed.version);
    expect((await listLiveCalls(db, org)).map((c) => c.callId)).toEqual([id]);
    const running = await callLiveVersion(db, org, id);
    expect(running.version).not.toBe(first.version);

    await db.insert(schema.transcripts).values({
      callId: id,
      seq: 0,
      user: 'assistant',
      text: 'Hello.',
      startMs: 0,
      durationMs: 1_200,
      createdAt: at('2026-11-05T10:00:03Z'),
    });
    const spoke = await callLiveVersion(db, org, id);
    expect(spoke.version).not.toBe(running.version);
    expect(await callLiveVersion(db, org, id)).toEqual(spoke);
    // A line's audio time, not its write time, is what the page shows and seeks.
    expect([...(await transcriptOffsets(db, id)).values()]).toEqual([0]);

    await setStatus(id, 'complete');
    const ended = await orgLiveVersion(db, org);
    expect(ended.live).toBe(false);
    expect((await callLiveVersion(db, org, id)).live).toBe(false);
    expect(await listLiveCalls(db, org)).toEqual([]);
    // Another org's call is not found through this one.
    await expect(callLiveVersion(db, await newOrg(), id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('keeps today current as calls are placed in bulk, run, end and are charged', async () => {
    const org = await newOrg();
    const now = at('2026-11-05T15:00:00Z');
    const today = async () => (await overviewDays(db, org, now)).at(-1)!;
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    // One statement, three calls (as a batch inserts them).
    await db
      .insert(schema.calls)
      .values(
        ids.map((id) => callRow(org, { status: 'queued', created: '2026-11-05T09:00:00Z' }, id)),
      );
    expect(await today()).toEqual({
      day: '2026-11-05',
      calls: 3,
      completed: 0,
      errors: 0,
      answeredHuman: 0,
      answeredVoicemail: 0,
      connectedMs: 0,
      spendMicros: 0,
    });
    const update = (id: string, set: Partial<typeof schema.calls.$inferInsert>) =>
      db.update(schema.calls).set(set).where(eq(schema.calls.id, id));
    // Running and speaking: its length grows, but only an ended call's counts.
    await update(ids[0]!, { queueStatus: 'started', answeredBy: 'voicemail' });
    await update(ids[0]!, { durationMs: 4_000 });
    expect(await today()).toMatchObject({ connectedMs: 0, answeredVoicemail: 0 });
    await update(ids[0]!, { queueStatus: 'complete', durationMs: 65_000 });
    await update(ids[0]!, { priceMicros: 97_500 });
    await update(ids[1]!, { queueStatus: 'call_error', durationMs: 1_000, priceMicros: 0 });
    expect(await today()).toEqual({
      day: '2026-11-05',
      calls: 3,
      completed: 1,
      errors: 1,
      answeredHuman: 0,
      answeredVoicemail: 1,
      connectedMs: 66_000,
      spendMicros: 97_500,
    });
  });

  it('keeps a past day once it is over and every call placed on it has ended, not before', async () => {
    const org = await newOrg();
    const day = (days: { day: string }[], key: string) => days.find((d) => d.day === key)!;
    // Scheduled days ahead: its day stays open until it has run.
    const later = await call(org, { status: 'queued', created: '2026-11-02T10:00:00Z' });
    await call(org, { status: 'complete', created: '2026-11-02T09:00:00Z', ms: 6_000, micros: 9 });
    const before = await overviewDays(db, org, at('2026-11-05T15:00:00Z'));
    expect(day(before, '2026-11-02')).toMatchObject({ calls: 2, completed: 1, connectedMs: 6_000 });
    await db
      .update(schema.calls)
      .set({ queueStatus: 'complete', durationMs: 30_000, priceMicros: 45_000 })
      .where(eq(schema.calls.id, later));
    const after = await overviewDays(db, org, at('2026-11-05T16:00:00Z'));
    expect(day(after, '2026-11-02')).toMatchObject({
      calls: 2,
      completed: 2,
      connectedMs: 36_000,
      spendMicros: 45_009,
    });

    // Just after midnight, yesterday is not kept yet: a dial that took its time before midnight
    // may commit after it.
    await overviewDays(db, org, at('2026-11-06T00:10:00Z'));
    await call(org, { status: 'complete', created: '2026-11-05T23:59:59Z', ms: 2_000, micros: 3 });
    const night = await overviewDays(db, org, at('2026-11-06T00:20:00Z'));
    expect(day(night, '2026-11-05')).toMatchObject({ calls: 1, connectedMs: 2_000 });

    // Once kept, a day is read from what was kept, not summed again: a call written into it
    // behind the overview's back (nothing in the product does) is not seen.
    const kept = await overviewDays(db, org, at('2026-11-06T02:00:00Z'));
    await call(org, { status: 'complete', created: '2026-11-05T12:00:00Z', ms: 9_000, micros: 9 });
    await call(org, { status: 'complete', created: '2026-11-02T12:00:00Z', ms: 9_000, micros: 9 });
    expect(await overviewDays(db, org, at('2026-11-06T03:00:00Z'))).toEqual(kept);
    expect(day(kept, '2026-11-05')).toMatchObject({ calls: 1, connectedMs: 2_000 });
    expect(day(kept, '2026-11-02')).toMatchObject({ calls: 2, connectedMs: 36_000 });

    // What is kept stays within the 30 days shown: a month later, none of those days are left.
    const keptDays = async () =>
      (
        await db
          .select({ day: schema.callDayTotals.day })
          .from(schema.callDayTotals)
          .where(eq(schema.callDayTotals.orgId, org))
      ).map((row) => row.day);
    expect(await keptDays()).toContain('2026-11-02');
    await overviewDays(db, org, at('2026-12-10T12:00:00Z'));
    const left = await keptDays();
    expect(left).toHaveLength(29);
    expect(left.every((d) => d >= '2026-11-11')).toBe(true);
  });

  it('streams the version once per change and ends after the one that says nothing is live', async () => {
    const versions = [
      { version: 'o1.42', live: true },
      { version: 'o1.42', live: true },
      { version: 'o1.42', live: true },
      { version: 'o2.7', live: true },
      { version: 'o0.0', live: false },
    ];
    let reads = 0;
    const response = await liveVersionEvents(
      new Request('http://x/'),
      async () => versions[Math.min(reads++, versions.length - 1)]!,
      { tickMs: 1 },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-transform');
    // The whole stream: it ends by itself, unchanged versions are not sent again.
    expect(await response.text()).toBe(
      'retry: 1\n\n' +
        'data: {"version":"o1.42","live":true}\n\n' +
        'data: {"version":"o2.7","live":true}\n\n' +
        'data: {"version":"o0.0","live":false}\n\n',
    );
    expect(reads).toBe(5);
  });

  it('ends a stream when its time is up (the browser reconnects and is checked again) or the browser leaves', async () => {
    const steady = async () => ({ version: 'c1.3', live: true });
    const timed = await liveVersionEvents(new Request('http://x/'), steady, {
      tickMs: 1,
      streamMs: 20,
    });
    expect(await timed.text()).toBe('retry: 1\n\ndata: {"version":"c1.3","live":true}\n\n');

    const leaving = new AbortController();
    let reads = 0;
    const left = await liveVersionEvents(
      new Request('http://x/', { signal: leaving.signal }),
      async () => {
        if (++reads === 3) leaving.abort();
        return { version: `c${reads}`, live: true };
      },
      { tickMs: 1 },
    );
    await left.text();
    expect(reads).toBe(3);
    // A refusal comes before the stream opens, as an ordinary error.
    await expect(
      liveVersionEvents(new Request('http://x/'), () =>
        callLiveVersion(db, randomUUID(), randomUUID()),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("counts only a batch's ended calls in its histogram and averages", async () => {
    const org = await newOrg();
    const batchId = randomUUID();
    await db.insert(schema.batches).values({
      id: batchId,
      orgId: org,
      label: 'b',
      basePrompt: 'p',
      endpointCode: 'sandbox',
      callParams: {},
      createdAt: at('2026-11-05T09:00:00Z'),
    });
    const created = '2026-11-05T10:00:00Z';
    for (let i = 0; i < 4; i++) await call(org, { status: 'started', created, ms: 1_000, batchId });
    await call(org, { status: 'queued', created, batchId });
    await call(org, { status: 'complete', created, ms: 12_000, batchId });
    await call(org, { status: 'call_error', created, ms: 0, batchId });
    const lengths = await batchEndedLengths(db, batchId);
    expect(lengths.ended).toBe(2);
    expect(lengths.average).toBe(6);
    expect(lengths.averageConnected).toBe(12);
    expect(lengths.buckets.filter((b) => b.count > 0)).toEqual([
      { name: '0-5', count: 1 },
      { name: '10-15', count: 1 },
    ]);
  });
});
