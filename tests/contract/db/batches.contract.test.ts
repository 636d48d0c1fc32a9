import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch } from '@/lib/calls/batches/create-batch';
import { getBatchJson } from '@/lib/calls/batches/get-batch';
import { schema, type Db } from '@/lib/adapters/db';
import { verifyRecordingSignature } from '@/lib/calls/recording-link';
import { applyLedgerEntry } from '@/lib/wallet';
import { createOrg } from '@/lib/composition/create-org';
import type { Clock } from '@/lib/platform/runtime/clock';
import { EmbeddedStore } from '@/lib/adapters/store';
import { SandboxCallProvider } from '@/lib/adapters/telephony';
import { BatchResponse, MAX_BATCH_ROWS, type BatchQueryInput } from '@/schemas/batches';
import { databaseAdapters, type TestDatabase } from '../../support/databases';

const now = new Date('2026-11-01T12:00:00Z');
const clock: Clock = { now: () => now.getTime(), sleep: () => Promise.resolve() };
const provider = new SandboxCallProvider();
const render = { origin: 'http://api.test', urlSigningKey: 'k'.repeat(32), nowMs: now.getTime() };
const all: BatchQueryInput = {
  batch_id: '',
  include_calls: true,
  include_transcripts: true,
  include_analysis: true,
};
const row = (i: number, extra: Record<string, unknown> = {}) => ({
  phone_number: `+1415555${String(1000 + (i % 9000)).padStart(4, '0')}`,
  name: `Caller ${i}`,
  ...extra,
});

describe.each(databaseAdapters)('batches on $name', (adapter) => {
  let handle: TestDatabase;
  let db: Db;
  let orgId: string;
  const store = new EmbeddedStore({});
  const deps = () => ({ db, provider, clock, store });
  const create = (body: unknown, org = orgId) =>
    createBatch(deps(), { orgId: org, body, origin: 'http://api.test' });
  // The body as a client reads it, held to the schema the OpenAPI document publishes.
  const get = async (batchId: string, flags: Partial<BatchQueryInput> = {}, org = orgId) =>
    BatchResponse.parse(
      JSON.parse(await getBatchJson(db, org, { ...all, ...flags, batch_id: batchId }, render)),
    );
  const callsOf = (batchId: string) =>
    db
      .select()
      .from(schema.calls)
      .where(eq(schema.calls.batchId, batchId))
      .orderBy(schema.calls.createdAt, schema.calls.id);

  beforeAll(async () => {
    handle = await adapter.open();
    db = await handle.database.ready();
    orgId = (await createOrg(db, { name: 'Batches', startingCreditMicros: 50_000_000 }, now)).orgId;
  }, 30_000);
  afterAll(() => handle.dispose());

  it('turns every row into a call: placeholders filled, the row as request_data, a bad number as call_error', async () => {
    const body = {
      base_prompt: 'Remind {{name}} about the {{slot}} appointment. Ask about {{missing}}.',
      label: 'Reminders',
      campaign_id: 'camp-7',
      call_params: { voice_id: 3, language: 'en-US', max_duration: 5, wait_for_greeting: true },
      call_data: [
        { phone_number: '+14155550123', name: 'Ada', slot: '9am' },
        { phone_number: '12345', name: 'Bob', slot: '10am' },
        { phone_number: '+1 (415) 555-0124', name: 'Cy', slot: 11 },
      ],
    };
    const { status, batch_id } = await create(body);
    expect(status).toBe('success');
    const calls = await callsOf(batch_id);
    expect(calls).toHaveLength(3);
    const byName = new Map(calls.map((c) => [c.requestData!.name, c]));
    const ada = byName.get('Ada')!;
    expect(ada).toMatchObject({
      orgId,
      queueStatus: 'queued',
      toNumber: '+14155550123',
      task: 'Remind Ada about the 9am appointment. Ask about {{missing}}.',
      voice: '3',
      language: 'en-US',
      maxDuration: 5,
      waitForGreeting: true,
      requestData: body.call_data[0],
      errorMessage: null,
    });
    expect(byName.get('Cy')).toMatchObject({ toNumber: '+14155550124', queueStatus: 'queued' });
    const bob = byName.get('Bob')!;
    expect(bob).toMatchObject({ queueStatus: 'call_error', toNumber: '12345', priceMicros: 0 });
    expect(bob.errorMessage).toMatch(/^phone_number: /);
    expect(bob.endAt).toEqual(now);

    const batch = await get(batch_id);
    expect(batch.batch_params).toEqual({
      id: batch_id,
      campaign_id: 'camp-7',
      created_at: now.toISOString(),
      label: 'Reminders',
      base_prompt: body.base_prompt,
      endpoint_code: 'sandbox',
      call_params: body.call_params,
    });
    expect(batch.analysis).toMatchObject({
      total_calls: 3,
      completed_calls: 1,
      in_progress_calls: 2,
      queue_statuses: { complete: 0, started: 0, queued: 2, call_error: 1 },
      error_messages: [{ call_id: bob.id, error_message: bob.errorMessage }],
      endpoints: { 'simulated-line': 3 },
    });
    expect(batch.call_data!.map((c) => c.call_id)).toEqual(calls.map((c) => c.id));
    expect(batch.analysis!.call_ids).toEqual(calls.map((c) => c.id));
  });

  it('computes the analysis exactly: every range edge, the nonzero average, errors and hosts', async () => {
    const lengthsMs = [
      0, 900, 999, 1000, 4999, 5000, 9999, 10_000, 14_999, 15_000, 19_999, 20_000, 29_999, 30_000,
      44_999, 45_000, 59_999, 60_000, 89_999, 90_000, 119_999, 120_000, 654_321,
    ];
    const { batch_id } = await create({
      base_prompt: 'Hello {{name}}.',
      label: 'Lengths',
      call_data: lengthsMs.map((_, i) => row(i)),
    });
    const calls = await callsOf(batch_id);
    const statuses = ['queued', 'started', 'complete', 'call_error'] as const;
    for (const [i, call] of calls.entries()) {
      const queueStatus = i === 0 ? 'queued' : statuses[i % 4]!;
      await db
        .update(schema.calls)
        .set({
          durationMs: lengthsMs[i]!,
          queueStatus,
          errorMessage: queueStatus === 'call_error' ? `failure ${i}` : null,
          endpointUrl: i === 5 ? 'https://carrier.example.com:8443/v1/dial' : call.endpointUrl,
        })
        .where(eq(schema.calls.id, call.id));
    }

    const { analysis } = await get(batch_id, { include_calls: false });
    const count = (s: (typeof statuses)[number]) =>
      calls.filter((_, i) => (i === 0 ? 'queued' : statuses[i % 4]) === s).length;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const nonzero = lengthsMs.filter((ms) => ms >= 1000);
    expect(analysis).toEqual({
      total_calls: 23,
      completed_calls: count('complete') + count('call_error'),
      in_progress_calls: count('queued') + count('started'),
      retry_calls: 0,
      queue_statuses: {
        complete: count('complete'),
        started: count('started'),
        queued: count('queued'),
        call_error: count('call_error'),
      },
      answered_by: { human: 0, voicemail: 0, unknown: 0, 'no-answer': 0 },
      call_lengths: {
        average: Math.round(sum(lengthsMs) / lengthsMs.length) / 1000,
        average_nonzero: Math.round(sum(nonzero) / nonzero.length) / 1000,
        summary: {
          '0-5': 5, // 0, 0.9, 0.999, 1, 4.999
          '5-10': 2, // 5 (a range holds its lower edge), 9.999
          '10-15': 2,
          '15-20': 2,
          '20-30': 2,
          '30-45': 2,
          '45-60': 2,
          '60-90': 2,
          '90-120': 2,
          '120+': 2, // 120 and 654.321
        },
        all: lengthsMs.map((ms) => ms / 1000),
      },
      call_ids: calls.map((c) => c.id),
      error_messages: calls.flatMap((c, i) =>
        i > 0 && statuses[i % 4] === 'call_error'
          ? [{ call_id: c.id, error_message: `failure ${i}` }]
          : [],
      ),
      endpoints: { 'simulated-line': 22, 'carrier.example.com': 1 },
    });
    expect(analysis!.completed_calls + analysis!.in_progress_calls).toBe(analysis!.total_calls);
  });

  it('follows every change of its calls: a repeated analysis is never a stale one', async () => {
    const { batch_id } = await create({
      base_prompt: 'Hi {{name}}.',
      label: 'Moving',
      call_data: [row(1), row(2), { phone_number: 'n/a', name: 'Bad' }],
    });
    const [first, second] = (await callsOf(batch_id)).filter((c) => c.queueStatus === 'queued');
    const analysisNow = async () => (await get(batch_id, { include_calls: false })).analysis!;
    expect((await analysisNow()).queue_statuses).toEqual({
      complete: 0,
      started: 0,
      queued: 2,
      call_error: 1,
    });
    // Unchanged calls: the same figures again.
    expect((await analysisNow()).in_progress_calls).toBe(2);

    const update = (id: string, values: Partial<typeof schema.calls.$inferInsert>) =>
      db.update(schema.calls).set(values).where(eq(schema.calls.id, id));
    await update(first!.id, { queueStatus: 'started' });
    expect((await analysisNow()).queue_statuses).toMatchObject({ started: 1, queued: 1 });
    await update(first!.id, { queueStatus: 'complete', durationMs: 12_000 });
    let analysis = await analysisNow();
    expect(analysis.queue_statuses).toMatchObject({ complete: 1, started: 0, queued: 1 });
    expect(analysis.call_lengths.summary['10-15']).toBe(1);
    // Who answered is counted too (migration 0031 tells the cache when it changes).
    await update(first!.id, { answeredBy: 'voicemail' });
    analysis = await analysisNow();
    expect(analysis.answered_by).toMatchObject({ voicemail: 1, human: 0 });
    // A change the analysis does not show leaves it as it was; the next one that does shows.
    await update(second!.id, { summary: 'no answer yet' });
    expect(await analysisNow()).toEqual(analysis);
    await update(second!.id, { queueStatus: 'call_error', errorMessage: 'carrier said no' });
    analysis = await analysisNow();
    expect(analysis.in_progress_calls).toBe(0);
    expect(analysis.error_messages).toContainEqual({
      call_id: second!.id,
      error_message: 'carrier said no',
    });
  });

  it('follows every change and every transcript line of its calls, and signs recording links at each read', async () => {
    const { batch_id } = await create({
      base_prompt: 'Hi {{name}}.',
      label: 'Rendered',
      call_data: [row(1), row(2)],
    });
    const [first, second] = await callsOf(batch_id);
    const callsAt = async (nowMs = now.getTime()) =>
      BatchResponse.parse(
        JSON.parse(
          await getBatchJson(
            db,
            orgId,
            { ...all, batch_id, include_analysis: false },
            { ...render, nowMs },
          ),
        ),
      ).call_data!;
    const before = await callsAt();
    expect(await callsAt()).toEqual(before);

    const update = (id: string, values: Partial<typeof schema.calls.$inferInsert>) =>
      db.update(schema.calls).set(values).where(eq(schema.calls.id, id));
    // A change the analysis does not show still shows in the calls.
    await update(second!.id, { summary: 'left a message' });
    expect((await callsAt())[1]!.summary).toBe('left a message');
    await db.insert(schema.transcripts).values({
      callId: first!.id,
      seq: 0,
      user: 'assistant',
      text: 'Hello there.',
      startMs: 0,
      durationMs: 900,
      createdAt: now,
    });
    expect((await callsAt())[0]!.transcripts!.map((t) => t.text)).toEqual(['Hello there.']);

    await update(first!.id, { record: true, queueStatus: 'complete', durationMs: 5_000 });
    const link = async (nowMs: number) => {
      const url = new URL((await callsAt(nowMs))[0]!.recording_url!);
      expect(url.pathname).toBe(`/v1/recordings/${first!.id}`);
      const expires = url.searchParams.get('expires');
      const signature = url.searchParams.get('signature');
      expect(
        verifyRecordingSignature(render.urlSigningKey, first!.id, expires, signature, nowMs),
      ).toBe(true);
      return Number(expires);
    };
    // Nothing changed between these reads, yet each link is signed for its own time.
    const early = await link(now.getTime());
    expect(await link(now.getTime() + 3_600_000)).toBe(early + 3_600);
    expect((await callsAt())[1]!.recording_url).toBeNull();
  });

  it('gives an empty-length analysis of zeros with every key present', async () => {
    const { batch_id } = await create({
      base_prompt: 'Hi.',
      label: 'Zero',
      call_data: [{ phone_number: 'not a number' }],
    });
    const { analysis } = await get(batch_id);
    expect(analysis!.queue_statuses).toEqual({ complete: 0, started: 0, queued: 0, call_error: 1 });
    expect(analysis!.call_lengths.average).toBe(0);
    expect(analysis!.call_lengths.average_nonzero).toBe(0);
    expect(Object.keys(analysis!.call_lengths.summary)).toEqual([
      '0-5',
      '5-10',
      '10-15',
      '15-20',
      '20-30',
      '30-45',
      '45-60',
      '60-90',
      '90-120',
      '120+',
    ]);
    expect(analysis!.call_lengths.summary['0-5']).toBe(1);
  });

  it('honours include_calls, include_transcripts and include_analysis', async () => {
    const { batch_id } = await create({
      base_prompt: 'Hi {{name}}.',
      label: 'Flags',
      call_data: [row(1), row(2)],
    });
    const calls = await callsOf(batch_id);
    // Transcript lines written out of order: each call shows its own, by seq.
    for (const [seq, callIndex] of [
      [1, 0],
      [0, 1],
      [0, 0],
    ] as const) {
      await db.insert(schema.transcripts).values({
        callId: calls[callIndex]!.id,
        seq,
        user: seq === 0 ? 'assistant' : 'user',
        text: `line ${seq} of ${callIndex}`,
        startMs: 0,
        durationMs: 1000,
        createdAt: now,
      });
    }

    const full = await get(batch_id);
    expect(Object.keys(full).sort()).toEqual(['analysis', 'batch_params', 'call_data']);
    expect(full.call_data![0]!.transcripts!.map((t) => t.text)).toEqual([
      'line 0 of 0',
      'line 1 of 0',
    ]);
    expect(full.call_data![0]!.transcripts![0]!.c_id).toBe(calls[0]!.id);
    expect(full.call_data![1]!.transcripts!.map((t) => t.text)).toEqual(['line 0 of 1']);
    expect(full.call_data![0]!.concatenated_transcript).toBe(
      'assistant: line 0 of 0\nuser: line 1 of 0',
    );

    const noTranscripts = await get(batch_id, { include_transcripts: false });
    expect(noTranscripts.call_data).toHaveLength(2);
    for (const call of noTranscripts.call_data!) {
      expect(call).not.toHaveProperty('transcripts');
      expect(call).not.toHaveProperty('concatenated_transcript');
      expect(call.request_data).toMatchObject({ name: expect.any(String) });
    }
    expect(noTranscripts.analysis).toBeDefined();

    const noCalls = await get(batch_id, { include_calls: false });
    expect(Object.keys(noCalls).sort()).toEqual(['analysis', 'batch_params']);
    const noAnalysis = await get(batch_id, { include_analysis: false });
    expect(Object.keys(noAnalysis).sort()).toEqual(['batch_params', 'call_data']);
    const paramsOnly = await get(batch_id, { include_analysis: false, include_calls: false });
    expect(Object.keys(paramsOnly)).toEqual(['batch_params']);
  });

  it('creates one batch per Idempotency-Key: a retry answers the first, another body is 409', async () => {
    const body = { base_prompt: 'Hi {{name}}', label: 'Keyed', call_data: [row(1), row(2)] };
    const keyed = (key: string, b: unknown = body, s = store) =>
      createBatch(
        { ...deps(), store: s },
        { orgId, body: b, origin: 'http://api.test', idempotencyKey: key },
      );
    const first = await keyed('retry-1');
    expect(first.replayed).toBe(false);
    const again = await keyed('retry-1');
    expect(again).toEqual({ ...first, replayed: true });
    // The store forgot the key (expired, or another instance's store): the database still knows.
    const forgetful = await keyed('retry-1', body, new EmbeddedStore({}));
    expect(forgetful).toEqual({ ...first, replayed: true });
    await expect(keyed('retry-1', { ...body, label: 'Other' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const calls = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.calls)
      .where(eq(schema.calls.batchId, first.batch_id));
    expect(calls[0]?.count).toBe(2);
    // Another organization's key of the same text is its own batch.
    const other = (await createOrg(db, { name: 'Other', startingCreditMicros: 1_000_000 }, now))
      .orgId;
    const theirs = await createBatch(deps(), {
      orgId: other,
      body,
      origin: 'http://api.test',
      idempotencyKey: 'retry-1',
    });
    expect(theirs.batch_id).not.toBe(first.batch_id);
  });

  it("answers 404 for another organization's batch and for ids that are not UUIDs", async () => {
    const { batch_id } = await create({ base_prompt: 'Hi.', label: 'Mine', call_data: [row(1)] });
    const other = await createOrg(db, { name: 'Other', startingCreditMicros: 1_000_000 }, now);
    await expect(get(batch_id, {}, other.orgId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    await expect(get('not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(get(batch_id.toUpperCase())).resolves.toMatchObject({
      batch_params: { id: batch_id },
    });
  });

  it('refuses bad bodies naming the field, and an empty wallet with 402', async () => {
    const base = { base_prompt: 'Hi.', label: 'Bad', call_data: [row(1)] };
    const cases: [unknown, string][] = [
      [
        { ...base, call_data: Array.from({ length: MAX_BATCH_ROWS + 1 }, (_, i) => row(i)) },
        'call_data',
      ],
      [{ ...base, call_data: [] }, 'call_data'],
      [{ ...base, call_data: [row(1), { name: 'no number' }] }, 'call_data.1.phone_number'],
      [{ ...base, call_data: [{ phone_number: 14155550123 }] }, 'call_data.0.phone_number'],
      [{ ...base, call_data: ['+14155550123'] }, 'call_data.0'],
      [{ ...base, label: 7 }, 'label'],
      // Postgres cannot store U+0000 in text or jsonb: a 400, not a failed insert.
      [{ ...base, call_data: [row(1), row(2, { note: { deep: ['a\u0000b'] } })] }, 'call_data.1'],
      [{ ...base, call_data: [{ phone_number: '+1415\u0000' }] }, 'call_data.0'],
      [{ ...base, label: 'a\u0000b' }, 'label'],
      [{ ...base, base_prompt: 'Hi\u0000.' }, 'base_prompt'],
      [{ ...base, base_prompt: undefined }, 'base_prompt'],
      [{ ...base, call_params: { max_duration: 'long' } }, 'call_params.max_duration'],
      [{ ...base, call_params: { wait_for_greeting: 'yes' } }, 'call_params.wait_for_greeting'],
    ];
    for (const [body, field] of cases) {
      await expect(create(body), field).rejects.toMatchObject({
        code: 'INVALID_BODY',
        status: 400,
        field,
      });
    }
    const broke = await createOrg(db, { name: 'Broke', startingCreditMicros: 0 }, now);
    await expect(create(base, broke.orgId)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      status: 402,
    });
    await applyLedgerEntry(db, { orgId: broke.orgId, kind: 'deposit', amountMicros: 1, now });
    await expect(create(base, broke.orgId)).resolves.toMatchObject({ status: 'success' });
  });

  it('stores 10,000 rows in seconds, all or nothing, and analyses them fast', async () => {
    const org = await createOrg(db, { name: 'Big', startingCreditMicros: 1_000_000 }, now);
    const rows = Array.from({ length: MAX_BATCH_ROWS }, (_, i) =>
      row(i, i % 1000 === 999 ? { phone_number: 'bad' } : {}),
    );
    const started = performance.now();
    const { batch_id } = await create(
      { base_prompt: 'Hello {{name}}.', label: 'Big', call_data: rows },
      org.orgId,
    );
    const createMs = performance.now() - started;
    expect(createMs).toBeLessThan(10_000);

    const analysedAt = performance.now();
    const { analysis } = await get(batch_id, { include_calls: false }, org.orgId);
    const analyseMs = performance.now() - analysedAt;
    expect(analysis).toMatchObject({
      total_calls: 10_000,
      queue_statuses: { queued: 9_990, call_error: 10, started: 0, complete: 0 },
    });
    expect(analysis!.call_ids).toHaveLength(10_000);
    expect(analysis!.call_lengths.all).toHaveLength(10_000);
    expect(analyseMs).toBeLessThan(2_000);
    console.log(
      `${adapter.name}: create ${createMs.toFixed(0)} ms, analyse ${analyseMs.toFixed(0)} ms`,
    );

    // A failure while writing the last chunk (a trigger refuses row 9,999) rolls everything back.
    await db.execute(
      sql.raw(`
        CREATE FUNCTION refuse_marked_call() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.request_data->>'refuse' = 'yes' THEN RAISE EXCEPTION 'refused by test trigger'; END IF;
          RETURN NEW;
        END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER refuse_marked_call BEFORE INSERT ON calls
        FOR EACH ROW EXECUTE FUNCTION refuse_marked_call()`),
    );
    try {
      const poisoned = rows.map((r, i) => (i === 9_999 ? { ...r, refuse: 'yes' } : r));
      await expect(
        create({ base_prompt: 'Hi.', label: 'Poisoned', call_data: poisoned }, org.orgId),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_marked_call ON calls'));
      await db.execute(sql.raw('DROP FUNCTION refuse_marked_call()'));
    }
    expect(await db.$count(schema.calls, eq(schema.calls.orgId, org.orgId))).toBe(10_000);
    expect(await db.$count(schema.batches, eq(schema.batches.orgId, org.orgId))).toBe(1);
  }, 60_000);
});
