import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentBrain } from '@/lib/adapters/agent-brain';
import { claimDueCalls } from '@/lib/calls/claim-due-calls';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { endLockedCall } from '@/lib/calls/lifecycle';
import { getTranscripts } from '@/lib/calls/get-call';
import { getCallDetail } from '@/lib/calls/get-call-detail';
import { listCalls } from '@/lib/calls/list-calls';
import { playCallStep } from '@/lib/calls/lifecycle';
import { renderCall } from '@/lib/calls/render-call';
import { runDueWork } from '@/lib/calls/run-due-work';
import { stopCall } from '@/lib/calls/lifecycle';
import type { CallRow } from '@/lib/calls/types';
import { createPostgresDatabase, schema } from '@/lib/adapters/db';
import { applyLedgerEntry, ledgerBalance, takeBack } from '@/lib/wallet';
import { createOrg } from '@/lib/composition/create-org';
import { setLimitOverrides } from '@/lib/wallet/limits/set-limit-overrides';
import { wavDurationSeconds } from '@/lib/adapters/speech-engine';
import { EmbeddedStore } from '@/lib/adapters/store';
import {
  callRow as storedCallRow,
  endRunningCalls,
  newCallOrg,
  openCallSuite,
  playCalls,
  speechEngineForFile,
  testCallDeps,
  type CallSuite,
  type TestCallDeps,
} from '../../support/call-deps';
import { databaseAdapters, freshPostgresUrl } from '../../support/databases';
import { allowConsoleError } from '../../support/console-guard';

// The call service on a real database (PGlite and the real Postgres server), the real speech
// engine, the sandbox line and the scripted agent, driven by a clock the test moves.

const ORIGIN = 'https://api.test';
const PRICE = 90_000;
const HUMAN = '+14155550123';
/** One task point: opening, reply, point, reply, closing — a five-line call. */
const SHORT_TASK = 'Confirm the delivery for Tuesday.';

const speech = speechEngineForFile();

describe.each(databaseAdapters)('calls on $name', (adapter) => {
  let { db, deps } = {} as CallSuite;
  openCallSuite(adapter, speech, (opened) => {
    ({ db, deps } = opened);
  });

  // Each test plays only its own calls: whatever one leaves running is ended before the next.
  afterEach(async () => {
    await endRunningCalls(db);
  });

  const newOrg = (creditMicros?: number) => newCallOrg(deps, 'Calls', creditMicros);

  const dispatch = async (
    orgId: string,
    body: Record<string, unknown>,
    idempotencyKey: string | null = null,
    on: TestCallDeps = deps,
  ) => dispatchCall(on, { orgId, body, idempotencyKey, origin: ORIGIN });

  const dispatchId = async (orgId: string, body: Record<string, unknown>) =>
    (await dispatch(orgId, body)).body.call_id;

  const callRow = (id: string): Promise<CallRow> => storedCallRow(db, id);

  const balance = async (orgId: string) => {
    const [org] = await db
      .select({ balance: schema.organizations.balanceMicros })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, orgId));
    return org!.balance;
  };

  const ledgerFor = (callId: string) =>
    db
      .select()
      .from(schema.walletLedger)
      .where(eq(schema.walletLedger.reference, `call:${callId}`));

  it('queues a call, plays it to complete on the real audio, and charges it once', async () => {
    const orgId = await newOrg();
    const result = await dispatch(orgId, {
      phone_number: HUMAN,
      task: 'Confirm the delivery for {{day}}. Ask whether the back door is open.',
      first_sentence: 'Hi {{name}}, this is Ada from Acme.',
      request_data: { name: 'Bo', day: 'Tuesday' },
      metadata: { ref: 'r-1' },
      record: true,
    });
    expect(result.replayed).toBe(false);
    expect(result.body).toMatchObject({
      status: 'success',
      message: 'Call successfully queued.',
      batch_id: null,
    });
    const id = result.body.call_id;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const queued = await callRow(id);
    expect(queued).toMatchObject({
      orgId,
      queueStatus: 'queued',
      toNumber: HUMAN,
      fromNumber: deps.provider.defaultFrom,
      task: 'Confirm the delivery for Tuesday. Ask whether the back door is open.',
      firstSentence: 'Hi Bo, this is Ada from Acme.',
      sandbox: true,
      endpointUrl: deps.provider.endpointUrl,
      durationMs: 0,
      priceMicros: null,
    });
    expect(queued.nextStepAt?.getTime()).toBe(deps.clock.now());

    await playCalls(deps, [id]);

    const done = await callRow(id);
    expect(done).toMatchObject({
      queueStatus: 'complete',
      answeredBy: 'human',
      callEndedBy: 'ASSISTANT',
      errorMessage: null,
      nextStepAt: null,
      leaseToken: null,
    });
    expect(done.summary).toMatch(/agent spoke 4 lines/);

    const lines = await getTranscripts(db, id);
    expect(lines.map((l) => l.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(lines.map((l) => l.user)).toEqual([
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(lines[0]!.text).toBe('Hi Bo, this is Ada from Acme.');
    expect(lines[2]!.text).toBe('Confirm the delivery for Tuesday.');
    expect(lines.at(-1)!.text).toMatch(/Goodbye!$/);
    // Each line starts where the one before it ended; the call is as long as its lines.
    let offset = 0;
    for (const line of lines) {
      expect(line.startMs).toBe(offset);
      expect(line.durationMs).toBeGreaterThan(400);
      offset += line.durationMs;
    }
    expect(done.durationMs).toBe(offset);

    // The line ran on the accelerated clock: about durationMs / timeScale of it passed.
    const lineMs = done.endAt!.getTime() - done.startedAt!.getTime();
    expect(lineMs).toBeGreaterThanOrEqual(done.durationMs / 1000 - lines.length);
    expect(lineMs).toBeLessThanOrEqual(done.durationMs / 1000 + lines.length + 10);

    const price = Math.ceil(done.durationMs / 60_000) * PRICE;
    expect(done.priceMicros).toBe(price);
    const ledger = await ledgerFor(id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'call_charge', amountMicros: -price, orgId });
    expect(await balance(orgId)).toBe(10_000_000 - price);
    expect(await ledgerBalance(db, orgId)).toBe(10_000_000 - price);

    // One WAV replaces the per-line segments, as long as the call.
    const audio = await db.select().from(schema.callAudio).where(eq(schema.callAudio.callId, id));
    expect(audio.map((a) => a.seq)).toEqual([-1]);
    expect(Math.abs(wavDurationSeconds(audio[0]!.data) - done.durationMs / 1000)).toBeLessThan(
      0.05,
    );

    const detail = renderCall(done, lines, {
      origin: ORIGIN,
      urlSigningKey: deps.settings.urlSigningKey,
      nowMs: deps.clock.now(),
    });
    expect(detail).toMatchObject({
      status: 'completed',
      completed: true,
      metadata: { ref: 'r-1' },
      // The dispatch parameters as sent, placeholder values included.
      request_data: {
        phone_number: HUMAN,
        record: true,
        request_data: { name: 'Bo', day: 'Tuesday' },
      },
      corrected_duration: String(Math.round(done.durationMs / 1000)),
      price: price / 1_000_000,
      sandbox: true,
    });
    expect(detail.recording_url).toMatch(new RegExp(`^${ORIGIN}/v1/recordings/${id}\\?expires=`));
    expect(detail.concatenated_transcript.split('\n')).toHaveLength(7);
    // The API's read (the row and its transcript in one statement) renders the same.
    expect(await getCallDetail(deps, orgId, id, ORIGIN)).toEqual(detail);
  });

  it('reads a call with its transcript in one statement, as the row and its lines render', async () => {
    const orgId = await newOrg();
    const id = await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK });
    await playCalls(deps, [id]);
    const expected = renderCall(await callRow(id), await getTranscripts(db, id), {
      origin: ORIGIN,
      urlSigningKey: deps.settings.urlSigningKey,
      nowMs: deps.clock.now(),
    });
    const detail = await getCallDetail(deps, orgId, id, ORIGIN);
    expect(detail.transcripts).toHaveLength(5);
    expect(detail).toEqual(expected);
    await expect(getCallDetail(deps, await newOrg(), id, ORIGIN)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('keeps no recording for a call that did not ask for one', async () => {
    const orgId = await newOrg();
    const id = await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK });
    await playCalls(deps, [id]);
    expect((await callRow(id)).queueStatus).toBe('complete');
    const audio = await db.select().from(schema.callAudio).where(eq(schema.callAudio.callId, id));
    expect(audio).toHaveLength(0);
  });

  it('gives each test number its outcome; only answered calls are charged', async () => {
    const orgId = await newOrg(100_000_000);
    const ids = {
      noAnswer: await dispatchId(orgId, { phone_number: '+14155550101', task: SHORT_TASK }),
      busy: await dispatchId(orgId, { phone_number: '+14155550102', task: SHORT_TASK }),
      voicemail: await dispatchId(orgId, { phone_number: '+14155550103', task: SHORT_TASK }),
      error: await dispatchId(orgId, { phone_number: '+14155550104', task: SHORT_TASK }),
      greeting: await dispatchId(orgId, {
        phone_number: HUMAN,
        task: SHORT_TASK,
        wait_for_greeting: true,
      }),
    };
    await playCalls(deps, Object.values(ids));

    const failed = [
      [ids.noAnswer, 'no-answer', /no answer/i],
      [ids.busy, null, /busy/i],
      [ids.error, null, /not in service/i],
    ] as const;
    for (const [id, answeredBy, message] of failed) {
      const row = await callRow(id);
      expect(row).toMatchObject({
        queueStatus: 'call_error',
        answeredBy,
        callEndedBy: 'SYSTEM',
        priceMicros: 0,
        durationMs: 0,
      });
      expect(row.errorMessage).toMatch(message);
      expect(await getTranscripts(db, id)).toHaveLength(0);
      expect(await ledgerFor(id)).toHaveLength(0);
    }

    const voicemail = await callRow(ids.voicemail);
    expect(voicemail).toMatchObject({
      queueStatus: 'complete',
      answeredBy: 'voicemail',
      errorMessage: null,
    });
    const left = await getTranscripts(db, ids.voicemail);
    expect(left.map((l) => [l.user, l.seq])).toEqual([
      ['user', 0],
      ['assistant', 1],
    ]);
    expect(left[0]!.text).toMatch(/voicemail/i);
    expect(left[1]!.text).toContain('Confirm the delivery for Tuesday.');
    expect(voicemail.priceMicros).toBe(PRICE);

    const greeted = await getTranscripts(db, ids.greeting);
    expect(greeted[0]).toMatchObject({ user: 'user', text: 'Hello?' });
    expect(greeted[1]?.user).toBe('assistant');
    expect((await callRow(ids.greeting)).queueStatus).toBe('complete');
  });

  it('never hands the same call to two concurrent claimers', async () => {
    const own = adapter.name === 'postgres' ? await freshPostgresUrl() : null;
    const first = own ? createPostgresDatabase(own.url) : null;
    const second = own ? createPostgresDatabase(own.url) : null;
    try {
      const dbA = first ? await first.ready() : db;
      const dbB = second ? await second.ready() : db;
      const on = testCallDeps(dbA, speech.current, { clock: deps.clock });
      const { orgId } = await createOrg(
        dbA,
        // Each queued call holds its worst case (30 minutes, $2.70) from the wallet.
        { name: 'Claims', startingCreditMicros: 100_000_000 },
        new Date(deps.clock.now()),
      );
      const ids = new Set<string>();
      for (let i = 0; i < 30; i++) {
        ids.add(
          (await dispatch(orgId, { phone_number: HUMAN, task: SHORT_TASK }, null, on)).body.call_id,
        );
      }
      const now = new Date(deps.clock.now());
      const claims = await Promise.all(
        [dbA, dbB, dbA, dbB, dbA, dbB].map((claimer) => claimDueCalls(claimer, now, 8)),
      );
      const claimed = claims.flat().map((row) => row.id);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.every((id) => ids.has(id))).toBe(true);
      // Every claimer holds its calls under its own lease token.
      const tokens = claims.map((rows) => new Set(rows.map((r) => r.leaseToken)));
      for (const set of tokens) expect(set.size).toBeLessThanOrEqual(1);
      // While the leases stand, nobody else gets those calls.
      const again = await claimDueCalls(dbB, now, 50);
      expect(again.filter((row) => claimed.includes(row.id))).toHaveLength(0);
      expect(new Set([...claimed, ...again.map((r) => r.id)]).size).toBe(
        claimed.length + again.length,
      );
      // Every call was due: the claimers and the last look between them took all 30, the
      // claimers most of them (each can take 8; a locked row is only skipped, never lost).
      expect(claimed.length).toBeGreaterThanOrEqual(8);
      expect(new Set([...claimed, ...again.map((r) => r.id)])).toEqual(ids);
    } finally {
      await first?.close();
      await second?.close();
      await own?.drop();
    }
  });

  it('drops the writes of a step whose lease another worker took over', async () => {
    allowConsoleError(/step failed \(1\/3\): Failed query: insert into \"transcripts\"/);
    const orgId = await newOrg();
    const id = await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK, record: true });

    /** Claims the call, lets the lease lapse, and has a second worker claim it again. */
    const takeOver = async () => {
      const now = new Date(deps.clock.now());
      const [stale] = await claimDueCalls(db, now, 10);
      expect(stale?.id).toBe(id);
      await db
        .update(schema.calls)
        .set({ leaseUntil: new Date(now.getTime() - 1) })
        .where(eq(schema.calls.id, id));
      const [fresh] = await claimDueCalls(db, now, 10);
      expect(fresh?.id).toBe(id);
      expect(fresh!.leaseToken).not.toBe(stale!.leaseToken);
      return { stale: stale!, fresh: fresh! };
    };

    // The dial step: the stale worker's dial lands nowhere.
    let { stale, fresh } = await takeOver();
    await playCallStep(deps, stale);
    expect(await callRow(id)).toMatchObject({
      queueStatus: 'queued',
      startedAt: null,
      leaseToken: fresh.leaseToken,
    });
    await playCallStep(deps, fresh);
    const started = await callRow(id);
    expect(started.queueStatus).toBe('started');

    // A talk step: the stale worker's line (transcript, audio, duration) is not kept.
    deps.clock.set(started.nextStepAt!.getTime());
    ({ stale, fresh } = await takeOver());
    await playCallStep(deps, stale);
    expect(await getTranscripts(db, id)).toHaveLength(0);
    expect(await db.select().from(schema.callAudio).where(eq(schema.callAudio.callId, id))).toEqual(
      [],
    );
    expect(await callRow(id)).toMatchObject({ durationMs: 0, leaseToken: fresh.leaseToken });
    await playCallStep(deps, fresh);
    expect(await getTranscripts(db, id)).toHaveLength(1);

    // The stale worker running again after the fresh one wrote changes nothing either.
    await playCallStep(deps, stale);
    expect(await getTranscripts(db, id)).toHaveLength(1);

    await playCalls(deps, [id]);
    const done = await callRow(id);
    expect(done.queueStatus).toBe('complete');
    const lines = await getTranscripts(db, id);
    expect(lines.map((l) => l.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(done.durationMs).toBe(lines.reduce((sum, l) => sum + l.durationMs, 0));
    expect(await ledgerFor(id)).toHaveLength(1);
  });

  it('stops a queued or started call once; a second stop is CALL_NOT_ACTIVE', async () => {
    const orgId = await newOrg();
    const queued = await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK });
    await stopCall(deps, orgId, queued);
    expect(await callRow(queued)).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'API',
      nextStepAt: null,
      priceMicros: 0,
    });
    await expect(stopCall(deps, orgId, queued)).rejects.toMatchObject({
      code: 'CALL_NOT_ACTIVE',
    });

    const running = await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK });
    // Dial, then speak two lines.
    for (let step = 0; step < 3; step++) {
      deps.clock.set(Math.max(deps.clock.now(), (await callRow(running)).nextStepAt!.getTime()));
      await runDueWork(deps);
    }
    const before = await callRow(running);
    expect(before.queueStatus).toBe('started');
    expect(before.durationMs).toBeGreaterThan(0);
    await stopCall(deps, orgId, running);
    const stopped = await callRow(running);
    expect(stopped).toMatchObject({ queueStatus: 'complete', callEndedBy: 'API' });
    expect(stopped.endAt?.getTime()).toBe(deps.clock.now());
    expect(stopped.priceMicros).toBe(PRICE);
    await expect(stopCall(deps, orgId, running)).rejects.toMatchObject({
      code: 'CALL_NOT_ACTIVE',
    });

    // Nothing plays on after the stop.
    const lines = (await getTranscripts(db, running)).length;
    deps.clock.advance(60_000);
    await runDueWork(deps);
    expect(await getTranscripts(db, running)).toHaveLength(lines);
    expect(await ledgerFor(running)).toHaveLength(1);

    // Another organization's call does not exist for this one.
    const other = await newOrg();
    const theirs = await dispatchId(other, { phone_number: HUMAN, task: SHORT_TASK });
    await expect(stopCall(deps, orgId, theirs)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await callRow(theirs)).queueStatus).toBe('queued');
  });

  it('drops a step that was running when the call was stopped', async () => {
    const orgId = await newOrg();
    const id = await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK, record: true });
    await runDueWork(deps);
    deps.clock.set((await callRow(id)).nextStepAt!.getTime());
    const [inFlight] = await claimDueCalls(db, new Date(deps.clock.now()), 10);
    expect(inFlight?.id).toBe(id);
    await stopCall(deps, orgId, id);
    await playCallStep(deps, inFlight!);
    expect(await getTranscripts(db, id)).toHaveLength(0);
    expect(await callRow(id)).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'API',
      durationMs: 0,
      nextStepAt: null,
    });
    expect(await db.select().from(schema.callAudio).where(eq(schema.callAudio.callId, id))).toEqual(
      [],
    );
  });

  it('ends a call at its max_duration', async () => {
    const orgId = await newOrg();
    const id = await dispatchId(orgId, {
      phone_number: HUMAN,
      task: 'One. Two. Three. Four. Five. Six.',
      max_duration: 1,
    });
    await runDueWork(deps);
    const started = await callRow(id);
    expect(started.queueStatus).toBe('started');
    // As if the call had already talked for a minute.
    await db.update(schema.calls).set({ durationMs: 60_000 }).where(eq(schema.calls.id, id));
    await playCalls(deps, [id]);
    expect(await callRow(id)).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'MAX_DURATION',
      priceMicros: PRICE,
    });
    expect(await getTranscripts(db, id)).toHaveLength(0);
  });

  it('ends a call whose step keeps failing with a clear error, never leaving it started', async () => {
    allowConsoleError(/step failed \(\d\/3\): the agent brain is down/);
    const orgId = await newOrg();
    const broken: AgentBrain = {
      kind: 'scripted',
      description: 'always fails',
      nextLine: () => Promise.reject(new Error('the agent brain is down')),
      summarize: () => Promise.resolve('never'),
    };
    const on = testCallDeps(db, speech.current, { clock: deps.clock, brain: broken });
    const id = (await dispatch(orgId, { phone_number: HUMAN, task: SHORT_TASK }, null, on)).body
      .call_id;
    const passes = await playCalls(on, [id], { maxPasses: 20 });
    expect(passes).toBe(4); // dial, then three failed attempts at the first line
    const row = await callRow(id);
    expect(row).toMatchObject({ queueStatus: 'call_error', callEndedBy: 'SYSTEM', priceMicros: 0 });
    expect(row.errorMessage).toMatch(/internal error: the agent brain is down/);
    expect(await ledgerFor(id)).toHaveLength(0);
  });

  it('keeps no more calls of an org started at once than its concurrent-call cap', async () => {
    const orgId = await newOrg(100_000_000);
    await setLimitOverrides(db, orgId, { concurrent_calls: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK }));
    }
    let most = 0;
    await playCalls(deps, ids, {
      afterPass: async () => {
        const started = await db.$count(
          schema.calls,
          and(eq(schema.calls.orgId, orgId), eq(schema.calls.queueStatus, 'started')),
        );
        most = Math.max(most, started);
        expect(started).toBeLessThanOrEqual(2);
      },
    });
    expect(most).toBe(2);
    const rows = await db.select().from(schema.calls).where(inArray(schema.calls.id, ids));
    expect(rows.map((r) => r.queueStatus)).toEqual(Array(5).fill('complete'));
  });

  it('never lets a charge be larger than the balance: less than a minute is refused, more is held', async () => {
    // Once, a $0.09 call from $0.05 was priced $0.05 (whatever was left): now it is not placed.
    const poor = await newOrg(50_000);
    await expect(dispatchId(poor, { phone_number: HUMAN, task: SHORT_TASK })).rejects.toMatchObject(
      {
        code: 'INSUFFICIENT_BALANCE',
      },
    );
    expect(await balance(poor)).toBe(50_000);
    // $0.10 pays one minute: the call holds it, is cut to it, and is charged exactly that.
    const orgId = await newOrg(100_000);
    const id = await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK });
    expect(await callRow(id)).toMatchObject({ heldMicros: PRICE, maxDuration: 1, cutByHold: true });
    await playCalls(deps, [id]);
    const done = await callRow(id);
    expect(done.queueStatus).toBe('complete');
    expect(done.priceMicros).toBe(PRICE);
    expect(await balance(orgId)).toBe(100_000 - PRICE);
    expect(await ledgerBalance(db, orgId)).toBe(100_000 - PRICE);
    const ledger = await ledgerFor(id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amountMicros: -PRICE, balanceAfterMicros: 100_000 - PRICE });
    const detail = renderCall(done, null, {
      origin: ORIGIN,
      urlSigningKey: deps.settings.urlSigningKey,
      nowMs: deps.clock.now(),
    });
    expect(detail.price).toBe(0.09);
  });

  it('charges a call once however often endLockedCall runs, concurrently or again later', async () => {
    const orgId = await newOrg(1_000_000);
    const id = await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK });
    await db
      .update(schema.calls)
      .set({ queueStatus: 'started', durationMs: 61_000, nextStepAt: null })
      .where(eq(schema.calls.id, id));
    const row = await callRow(id);
    const now = new Date(deps.clock.now());
    const finish = () =>
      db.transaction((tx) =>
        endLockedCall(tx, deps, row, { queueStatus: 'complete', endedBy: 'ASSISTANT' }, now),
      );
    const results = await Promise.all([finish(), finish(), finish()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await expect(finish()).resolves.toBe(false);
    expect((await callRow(id)).priceMicros).toBe(2 * PRICE);
    expect(await ledgerFor(id)).toHaveLength(1);
    expect(await balance(orgId)).toBe(1_000_000 - 2 * PRICE);
  });

  it('replays an Idempotency-Key with the same body and refuses it with another', async () => {
    const orgId = await newOrg();
    const body = { phone_number: HUMAN, task: SHORT_TASK, metadata: { a: 1, b: 2 } };
    const first = await dispatch(orgId, body, 'order-7');
    expect(first.replayed).toBe(false);
    const again = await dispatch(
      orgId,
      { metadata: { b: 2, a: 1 }, task: SHORT_TASK, phone_number: HUMAN },
      'order-7',
    );
    expect(again).toEqual({ body: first.body, replayed: true });
    await expect(
      dispatch(orgId, { ...body, task: 'Something else.' }, 'order-7'),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 409 });

    // With the store's memory gone, the database still knows the key.
    const forgetful = { ...deps, store: new EmbeddedStore({}) };
    await expect(dispatch(orgId, body, 'order-7', forgetful)).resolves.toEqual({
      body: first.body,
      replayed: true,
    });
    await expect(
      dispatch(orgId, { ...body, task: 'Something else.' }, 'order-7', forgetful),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    // Keys belong to one organization.
    const other = await newOrg();
    const theirs = await dispatch(other, body, 'order-7');
    expect(theirs.replayed).toBe(false);
    expect(theirs.body.call_id).not.toBe(first.body.call_id);

    const keyed = await db
      .select({ id: schema.calls.id })
      .from(schema.calls)
      .where(and(eq(schema.calls.orgId, orgId), eq(schema.calls.idempotencyKey, 'order-7')));
    expect(keyed).toEqual([{ id: first.body.call_id }]);
  });

  it('creates one call for 20 concurrent twins', async () => {
    const orgId = await newOrg();
    const body = { phone_number: HUMAN, task: SHORT_TASK };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => dispatch(orgId, body, 'twins-1')),
    );
    const ids = new Set(results.map((r) => r.body.call_id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const rows = await db
      .select({ id: schema.calls.id })
      .from(schema.calls)
      .where(eq(schema.calls.orgId, orgId));
    expect(rows).toHaveLength(1);
  });

  it('refuses to dispatch from an empty wallet, and a keyed retry works after a deposit', async () => {
    const orgId = await newOrg(0);
    const body = { phone_number: HUMAN, task: SHORT_TASK };
    await expect(dispatch(orgId, body)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      status: 402,
    });
    await expect(dispatch(orgId, body, 'broke-1')).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await db.$count(schema.calls, eq(schema.calls.orgId, orgId))).toBe(0);
    await applyLedgerEntry(db, {
      orgId,
      kind: 'deposit',
      amountMicros: 5_000_000,
      now: new Date(deps.clock.now()),
    });
    await expect(dispatch(orgId, body, 'broke-1')).resolves.toMatchObject({ replayed: false });
  });

  it('refuses to dispatch while the org owes, even with money left on the balance', async () => {
    // A deposit refunded while a call held part of it: the held part stays with the call, the
    // rest of the refund is owed. The call is stopped unconnected, its hold comes back: a balance
    // of $0.90 and a debt beside it. No call goes out until a top-up repays the debt.
    const orgId = await newOrg(10_000_000);
    const body = { phone_number: HUMAN, task: SHORT_TASK, max_duration: 10 };
    const live = await dispatchId(orgId, body);
    const now = new Date(deps.clock.now());
    await db.transaction((tx) =>
      takeBack(tx, { orgId, kind: 'payment_refund', micros: 10_000_000, reference: 'pi_r', now }),
    );
    await stopCall(deps, orgId, live);
    const [org] = await db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, orgId));
    expect(org).toMatchObject({ balanceMicros: 10 * PRICE, heldMicros: 0, owedMicros: 10 * PRICE });
    const calls = () => db.$count(schema.calls, eq(schema.calls.orgId, orgId));
    await expect(dispatch(orgId, body)).rejects.toMatchObject({
      code: 'WALLET_IN_DEBT',
      status: 402,
    });
    await expect(dispatch(orgId, body, 'owing-1')).rejects.toMatchObject({
      code: 'WALLET_IN_DEBT',
    });
    // As authentication read the wallet, and past that check, the hold itself refuses.
    const wallet = { balanceMicros: org!.balanceMicros, owedMicros: org!.owedMicros };
    await expect(
      dispatchCall(deps, { orgId, body, idempotencyKey: null, origin: ORIGIN, wallet }),
    ).rejects.toMatchObject({ code: 'WALLET_IN_DEBT' });
    await expect(
      dispatchCall(deps, {
        orgId,
        body,
        idempotencyKey: null,
        origin: ORIGIN,
        wallet: { balanceMicros: org!.balanceMicros, owedMicros: 0 },
      }),
    ).rejects.toMatchObject({ code: 'WALLET_IN_DEBT' });
    expect(await calls()).toBe(1);
  });

  it('refuses bad input with the field named, and creates nothing', async () => {
    const orgId = await newOrg();
    await expect(
      dispatch(orgId, { phone_number: HUMAN, task: SHORT_TASK, webhook: 'http://127.0.0.1/' }),
    ).rejects.toMatchObject({ code: 'INVALID_BODY', field: 'webhook' });
    await expect(
      dispatch(orgId, { phone_number: HUMAN, task: SHORT_TASK, webhook: 'http://0177.0.0.1/' }),
    ).rejects.toMatchObject({ code: 'INVALID_BODY', field: 'webhook' });
    await expect(
      dispatch(orgId, { phone_number: '12345', task: SHORT_TASK }),
    ).rejects.toMatchObject({ code: 'INVALID_BODY' });
    expect(await db.$count(schema.calls, eq(schema.calls.orgId, orgId))).toBe(0);
  });

  it('lists calls newest first, page by page, with no overlap and no gap', async () => {
    const orgId = await newOrg(100_000_000);
    const other = await newOrg();
    await dispatchId(other, { phone_number: HUMAN, task: SHORT_TASK });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      // Three pairs share a created_at, so the cursor has to break ties by id.
      if (i % 2 === 0) deps.clock.advance(1_000);
      ids.push(await dispatchId(orgId, { phone_number: HUMAN, task: SHORT_TASK }));
    }
    const all = await db
      .select()
      .from(schema.calls)
      .where(eq(schema.calls.orgId, orgId))
      .orderBy(asc(schema.calls.createdAt));
    const expected = [...all]
      .sort(
        (a, b) =>
          b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      )
      .map((r) => r.id);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await listCalls(db, orgId, { limit: 3, cursor });
      seen.push(...result.rows.map((r) => r.id));
      sizes.push(result.rows.length);
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(sizes).toEqual([3, 3, 2]);
    expect(seen).toEqual(expected);
    expect(new Set(seen)).toEqual(new Set(ids));

    await stopCall(deps, orgId, ids[0]!);
    await stopCall(deps, orgId, ids[5]!);
    const complete = await listCalls(db, orgId, { limit: 10, status: 'complete' });
    expect(complete.rows.map((r) => r.id).sort()).toEqual([ids[0], ids[5]].sort());
    expect(complete.nextCursor).toBeNull();

    for (const bad of [
      'not-a-cursor',
      Buffer.from('["2026-01-01T00:00:00Z","x"]').toString('base64url'),
      Buffer.from('["yesterday","6f1c2a3b-1111-4222-8333-444455556666"]').toString('base64url'),
    ]) {
      await expect(listCalls(db, orgId, { limit: 3, cursor: bad })).rejects.toMatchObject({
        code: 'INVALID_QUERY',
        field: 'cursor',
      });
    }
  });
});
