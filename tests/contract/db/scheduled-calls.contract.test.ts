import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { createBatch } from '@/lib/calls/batches/create-batch';
import { analyzeBatch } from '@/lib/calls/batches/analyze-batch';
import { getCallDetail } from '@/lib/calls/get-call-detail';
import { stopCall } from '@/lib/calls/lifecycle';
import { runDueWork } from '@/lib/calls/run-due-work';
import { releaseScheduledCalls } from '@/lib/calls/scheduling/release-scheduled-calls';
import {
  changeDncList,
  DEFAULT_HOURS,
  saveCallingRules,
  type RuleSettings,
} from '@/lib/calls/rules';
import { schema, type Db } from '@/lib/adapters/db';
import { getOrgOrThrow } from '@/lib/accounts';
import { ApiError } from '@/lib/platform/errors/api-error';
import { issueApiKey } from '@/lib/accounts/orgs/issue-api-key';
import { createAgent } from '@/lib/calls/agents/create-agent';
import {
  controlledClock,
  newCallOrg,
  playCalls,
  speechEngineForFile,
  testCallDeps,
  TEST_CALL_SETTINGS,
  type TestCallDeps,
} from '../../support/call-deps';
import { databaseAdapters, openForSuite } from '../../support/databases';

// start_time and retry on the sandbox line, with the calling rules on: a scheduled call is
// dialled at its moment and not before, a stop before then costs nothing, and each retry is a
// new call of the series until an ending that stops it.

// Noon in New York on a Wednesday: inside the default calling hours of the 718 numbers below.
const NOON = Date.parse('2026-11-04T17:00:00Z');
const RULES: RuleSettings = { countries: ['US', 'CA'], denyPrefixes: [], hours: DEFAULT_HOURS };
const MINUTE = 60_000;
const NO_ANSWER = '+17185550101';
const BUSY = '+17185550102';
const VOICEMAIL = '+17185550103';
const NOT_IN_SERVICE = '+17185550104';
const OPTS_OUT = '+17185550105';
const PERSON = '+17185550123';
const speech = speechEngineForFile();

const rowsOf = (db: Db, orgId: string) =>
  db
    .select()
    .from(schema.calls)
    .where(eq(schema.calls.orgId, orgId))
    .orderBy(asc(schema.calls.attempt), asc(schema.calls.createdAt));

/**
 * Plays an org's calls to their end as the running service would: the call steps, and the
 * scheduled-calls sweep at each held call's moment (the clock moved exactly there, never past).
 */
async function settle(deps: TestCallDeps, orgId: string): Promise<void> {
  for (let round = 0; round < 40; round++) {
    const live = (await rowsOf(deps.db, orgId)).filter(
      (row) => row.queueStatus === 'queued' || row.queueStatus === 'started',
    );
    if (live.length === 0) return;
    const running = live.filter((row) => row.nextStepAt !== null);
    if (running.length > 0) {
      await playCalls(
        deps,
        running.map((row) => row.id),
      );
      continue;
    }
    const at = Math.min(...live.map((row) => row.scheduledFor!.getTime()));
    if (at > deps.clock.now()) deps.clock.set(at);
    await releaseScheduledCalls(deps.db, new Date(deps.clock.now()), 64);
  }
  throw new Error('calls still live after 40 rounds');
}

describe.each(databaseAdapters)('scheduled calls and retries on $name', (adapter) => {
  let db: Db;
  let deps: TestCallDeps;
  openForSuite(adapter, (opened) => (db = opened));
  // Each test starts at noon in New York, on a clock of its own.
  beforeEach(() => {
    deps = { ...testCallDeps(db, speech.current, { clock: controlledClock(NOON) }), rules: RULES };
  });
  const dispatch = (orgId: string, body: Record<string, unknown>) =>
    dispatchCall(deps, {
      orgId,
      body: { task: 'Confirm the delivery slot.', ...body },
      idempotencyKey: null,
      origin: 'https://api.test',
    });

  it('refuses a start_time in the past, beyond 30 days or without an offset, and a retry out of bounds, with nothing created', async () => {
    const orgId = await newCallOrg(deps, 'Bad input');
    const before = await getOrgOrThrow(deps.db, orgId);
    const now = deps.clock.now();
    const bad: [Record<string, unknown>, string][] = [
      [{ start_time: new Date(now - MINUTE).toISOString() }, 'start_time'],
      [{ start_time: new Date(now + 30 * 24 * 60 * MINUTE + MINUTE).toISOString() }, 'start_time'],
      [{ start_time: '2026-11-05T10:00:00' }, 'start_time'],
      [{ start_time: 'tomorrow' }, 'start_time'],
      [{ retry: { max_attempts: 1, wait_minutes: 5, on: ['busy'] } }, 'retry.max_attempts'],
      [{ retry: { max_attempts: 6, wait_minutes: 5, on: ['busy'] } }, 'retry.max_attempts'],
      [{ retry: { max_attempts: 3, wait_minutes: 0, on: ['busy'] } }, 'retry.wait_minutes'],
      [{ retry: { max_attempts: 3, wait_minutes: 1_441, on: ['busy'] } }, 'retry.wait_minutes'],
      [{ retry: { max_attempts: 3, wait_minutes: 5, on: [] } }, 'retry.on'],
      [{ retry: { max_attempts: 3, wait_minutes: 5, on: ['hung-up'] } }, 'retry.on'],
    ];
    for (const [body, field] of bad) {
      const refused = await dispatch(orgId, { phone_number: PERSON, ...body }).catch(
        (error: unknown) => error,
      );
      expect(refused, JSON.stringify(body)).toBeInstanceOf(ApiError);
      const error = refused as ApiError;
      expect({ code: error.code, status: error.status }).toEqual({
        code: 'INVALID_BODY',
        status: 400,
      });
      // The message names the field, so the caller knows what to change.
      expect(`${error.field ?? ''} ${error.message}`, JSON.stringify(body)).toContain(
        field.split('.')[0],
      );
    }
    // A batch's call_params.retry is held to the same bounds.
    await expect(
      createBatch(deps, {
        orgId,
        origin: 'https://api.test',
        body: {
          label: 'Too many',
          base_prompt: 'Confirm the slot.',
          call_data: [{ phone_number: PERSON }],
          call_params: { retry: { max_attempts: 9, wait_minutes: 5, on: ['busy'] } },
        },
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_BODY',
      status: 400,
      field: 'call_params.retry.max_attempts',
    });
    expect(await rowsOf(deps.db, orgId)).toHaveLength(0);
    const after = await getOrgOrThrow(deps.db, orgId);
    expect([after.balanceMicros, after.heldMicros]).toEqual([
      before.balanceMicros,
      before.heldMicros,
    ]);
    // The edges themselves are accepted: now, and exactly 30 days ahead.
    for (const at of [now, now + 30 * 24 * 60 * MINUTE]) {
      const { body } = await dispatch(orgId, {
        phone_number: PERSON,
        start_time: new Date(at).toISOString(),
      });
      await stopCall(deps, orgId, body.call_id);
    }
  });

  it('queues a call until its start_time, dials it then and not a moment before, and shows when', async () => {
    const orgId = await newCallOrg(deps, 'Scheduled');
    // An hour ahead, written in New York's offset.
    const at = deps.clock.now() + 60 * MINUTE;
    const { body } = await dispatch(orgId, {
      phone_number: PERSON,
      start_time: '2026-11-04T13:00:00-05:00',
    });
    expect(Date.parse('2026-11-04T13:00:00-05:00')).toBe(at);
    const detail = await getCallDetail(deps, orgId, body.call_id, 'https://api.test');
    expect(detail).toMatchObject({
      queue_status: 'queued',
      scheduled_for: new Date(at).toISOString(),
      retry_of: null,
      attempt: 1,
    });
    expect(detail.request_data).toMatchObject({ start_time: '2026-11-04T13:00:00-05:00' });

    // A millisecond early: the sweep leaves it, and the call steps never see it.
    deps.clock.set(at - 1);
    expect(await releaseScheduledCalls(deps.db, new Date(deps.clock.now()), 64)).toBe(0);
    expect(await runDueWork(deps)).toEqual({ steps: 0 });
    deps.clock.set(at);
    expect(await releaseScheduledCalls(deps.db, new Date(deps.clock.now()), 64)).toBe(1);
    // Released once: a second sweep at the same moment finds nothing.
    expect(await releaseScheduledCalls(deps.db, new Date(deps.clock.now()), 64)).toBe(0);
    await settle(deps, orgId);
    const [row] = await rowsOf(deps.db, orgId);
    expect(row!.startedAt?.getTime()).toBe(at);
    expect(row!.queueStatus).toBe('complete');
    expect(row!.answeredBy).toBe('human');
  });

  it('cancels a scheduled call stopped before its start_time at no charge, and never dials it', async () => {
    const orgId = await newCallOrg(deps, 'Cancelled');
    const before = await getOrgOrThrow(deps.db, orgId);
    const at = deps.clock.now() + 24 * 60 * MINUTE;
    const { body } = await dispatch(orgId, {
      phone_number: PERSON,
      start_time: new Date(at).toISOString(),
      retry: { max_attempts: 3, wait_minutes: 5, on: ['no-answer'] },
    });
    await stopCall(deps, orgId, body.call_id);
    deps.clock.set(at + MINUTE);
    expect(await releaseScheduledCalls(deps.db, new Date(deps.clock.now()), 64)).toBe(0);
    const rows = await rowsOf(deps.db, orgId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'API',
      priceMicros: 0,
      startedAt: null,
    });
    const after = await getOrgOrThrow(deps.db, orgId);
    expect([after.balanceMicros, after.heldMicros]).toEqual([
      before.balanceMicros,
      before.heldMicros,
    ]);
  });

  it('judges calling hours at the moment of dialling: a start_time at night waits for the morning', async () => {
    const orgId = await newCallOrg(deps, 'Night');
    // 22:30 in New York, past the 21:00 close; deferred at dispatch to 08:00 the next morning.
    const { body } = await dispatch(orgId, {
      phone_number: PERSON,
      start_time: '2026-11-04T22:30:00-05:00',
      defer_to_calling_hours: true,
    });
    const opens = Date.parse('2026-11-05T08:00:00-05:00');
    const detail = await getCallDetail(deps, orgId, body.call_id, 'https://api.test');
    expect(detail.scheduled_for).toBe(new Date(opens).toISOString());
    deps.clock.set(Date.parse('2026-11-04T22:30:00-05:00'));
    expect(await releaseScheduledCalls(deps.db, new Date(deps.clock.now()), 64)).toBe(0);
    await settle(deps, orgId);
    const [row] = await rowsOf(deps.db, orgId);
    expect(row!.startedAt?.getTime()).toBe(opens);
    // Without the deferral, a start_time outside calling hours is refused at once.
    await expect(
      dispatch(orgId, { phone_number: PERSON, start_time: '2026-11-05T22:30:00-05:00' }),
    ).rejects.toMatchObject({ code: 'OUTSIDE_CALLING_HOURS' });
  });

  it('judges calling hours again at the dial: hours narrowed since dispatch hold the call until they open', async () => {
    const orgId = await newCallOrg(deps, 'Narrowed');
    const at = Date.parse('2026-11-04T13:00:00-05:00');
    const { body } = await dispatch(orgId, {
      phone_number: PERSON,
      start_time: new Date(at).toISOString(),
    });
    await saveCallingRules(
      deps.db,
      RULES,
      { orgId, hours: { start: '15:00', end: '17:00' } },
      { type: 'system', id: null },
      new Date(deps.clock.now()),
    );
    deps.clock.set(at);
    expect(await releaseScheduledCalls(deps.db, new Date(deps.clock.now()), 64)).toBe(1);
    await runDueWork(deps);
    const opens = Date.parse('2026-11-04T15:00:00-05:00');
    expect(await getCallDetail(deps, orgId, body.call_id, 'https://api.test')).toMatchObject({
      queue_status: 'queued',
      started_at: null,
      scheduled_for: new Date(opens).toISOString(),
    });
    await settle(deps, orgId);
    const [row] = await rowsOf(deps.db, orgId);
    expect(row!.startedAt?.getTime()).toBe(opens);
  });

  it('dials an unanswered call again after the wait, as new linked calls, up to max_attempts', async () => {
    const orgId = await newCallOrg(deps, 'Retries');
    const { body } = await dispatch(orgId, {
      phone_number: NO_ANSWER,
      retry: { max_attempts: 3, wait_minutes: 10, on: ['no-answer', 'busy'] },
    });
    await settle(deps, orgId);
    const rows = await rowsOf(deps.db, orgId);
    expect(rows.map((row) => [row.attempt, row.retryOf, row.answeredBy])).toEqual([
      [1, null, 'no-answer'],
      [2, body.call_id, 'no-answer'],
      [3, body.call_id, 'no-answer'],
    ]);
    // Each attempt is dialled exactly the wait after the previous one ended.
    for (const i of [1, 2]) {
      expect(rows[i]!.startedAt!.getTime()).toBe(rows[i - 1]!.endAt!.getTime() + 10 * MINUTE);
    }
    const detail = await getCallDetail(deps, orgId, rows[2]!.id, 'https://api.test');
    expect(detail).toMatchObject({ retry_of: body.call_id, attempt: 3, to: NO_ANSWER });
    // Nobody answered: nothing was charged.
    expect(rows.map((row) => row.priceMicros)).toEqual([0, 0, 0]);
  });

  it('retries only the endings it lists: voicemail and a failed line when asked, busy not when not', async () => {
    const voicemail = await newCallOrg(deps, 'Voicemail');
    await dispatch(voicemail, {
      phone_number: VOICEMAIL,
      retry: { max_attempts: 2, wait_minutes: 1, on: ['voicemail'] },
    });
    await settle(deps, voicemail);
    expect((await rowsOf(deps.db, voicemail)).map((r) => [r.attempt, r.answeredBy])).toEqual([
      [1, 'voicemail'],
      [2, 'voicemail'],
    ]);

    const failed = await newCallOrg(deps, 'Failed');
    await dispatch(failed, {
      phone_number: NOT_IN_SERVICE,
      retry: { max_attempts: 2, wait_minutes: 1, on: ['failed'] },
    });
    await settle(deps, failed);
    expect((await rowsOf(deps.db, failed)).map((r) => [r.attempt, r.queueStatus])).toEqual([
      [1, 'call_error'],
      [2, 'call_error'],
    ]);

    const busy = await newCallOrg(deps, 'Busy');
    await dispatch(busy, {
      phone_number: BUSY,
      retry: { max_attempts: 5, wait_minutes: 1, on: ['no-answer', 'voicemail', 'failed'] },
    });
    await settle(deps, busy);
    expect(await rowsOf(deps.db, busy)).toHaveLength(1);
  });

  describe('every stop condition ends the series', () => {
    const ALL = ['no-answer', 'busy', 'voicemail', 'failed'];

    it('a conversation', async () => {
      const orgId = await newCallOrg(deps, 'Conversation');
      await dispatch(orgId, {
        phone_number: PERSON,
        retry: { max_attempts: 5, wait_minutes: 1, on: ALL },
      });
      await settle(deps, orgId);
      const rows = await rowsOf(deps.db, orgId);
      expect(rows.map((r) => [r.queueStatus, r.answeredBy])).toEqual([['complete', 'human']]);
    });

    it('an opt-out', async () => {
      const orgId = await newCallOrg(deps, 'Opt-out');
      await dispatch(orgId, {
        phone_number: OPTS_OUT,
        retry: { max_attempts: 5, wait_minutes: 1, on: ALL },
      });
      await settle(deps, orgId);
      const rows = await rowsOf(deps.db, orgId);
      expect(rows.map((r) => r.optedOut)).toEqual([true]);
    });

    it('a stop of the call in progress', async () => {
      const orgId = await newCallOrg(deps, 'Stop live');
      const { body } = await dispatch(orgId, {
        phone_number: NO_ANSWER,
        retry: { max_attempts: 5, wait_minutes: 1, on: ALL },
      });
      await runDueWork(deps);
      expect((await rowsOf(deps.db, orgId))[0]!.queueStatus).toBe('started');
      await stopCall(deps, orgId, body.call_id);
      deps.clock.set(deps.clock.now() + 60 * MINUTE);
      await settle(deps, orgId);
      const rows = await rowsOf(deps.db, orgId);
      expect(rows.map((r) => [r.queueStatus, r.callEndedBy])).toEqual([['complete', 'API']]);
    });

    it('a stop of the attempt waiting for its turn: cancelled, free, and the last', async () => {
      const orgId = await newCallOrg(deps, 'Stop waiting');
      await dispatch(orgId, {
        phone_number: NO_ANSWER,
        retry: { max_attempts: 5, wait_minutes: 30, on: ALL },
      });
      await playCalls(
        deps,
        (await rowsOf(deps.db, orgId)).map((r) => r.id),
      );
      const waiting = (await rowsOf(deps.db, orgId))[1]!;
      expect(waiting).toMatchObject({ attempt: 2, queueStatus: 'queued', nextStepAt: null });
      await stopCall(deps, orgId, waiting.id);
      await settle(deps, orgId);
      deps.clock.set(deps.clock.now() + 24 * 60 * MINUTE);
      expect(await releaseScheduledCalls(deps.db, new Date(deps.clock.now()), 64)).toBe(0);
      const rows = await rowsOf(deps.db, orgId);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ callEndedBy: 'API', priceMicros: 0, startedAt: null });
    });

    it('a do-not-call listing between attempts', async () => {
      const orgId = await newCallOrg(deps, 'Listed');
      await dispatch(orgId, {
        phone_number: NO_ANSWER,
        retry: { max_attempts: 5, wait_minutes: 5, on: ALL },
      });
      await playCalls(
        deps,
        (await rowsOf(deps.db, orgId)).map((r) => r.id),
      );
      await changeDncList(
        deps.db,
        { kind: 'add', orgId, numbers: [NO_ANSWER], source: 'api' },
        { type: 'system', id: null },
        new Date(deps.clock.now()),
      );
      await settle(deps, orgId);
      const rows = await rowsOf(deps.db, orgId);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ queueStatus: 'call_error', startedAt: null, priceMicros: 0 });
      expect(rows[1]!.errorMessage).toMatch(/^NUMBER_ON_DNC_LIST/);
    });
  });

  it("takes a saved agent's retry policy, which the call may replace", async () => {
    const orgId = await newCallOrg(deps, 'Agent retries');
    const agent = await createAgent(
      { db: deps.db, allowIps: [], urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey },
      {
        orgId,
        body: {
          name: 'Persistent',
          task: 'Confirm the slot.',
          retry: { max_attempts: 3, wait_minutes: 1, on: ['no-answer'] },
        },
        actor: { type: 'system', id: null },
      },
      new Date(deps.clock.now()),
    );
    expect(agent.retry).toEqual({ max_attempts: 3, wait_minutes: 1, on: ['no-answer'] });
    await dispatch(orgId, { phone_number: NO_ANSWER, agent_id: agent.agent_id });
    await settle(deps, orgId);
    expect(await rowsOf(deps.db, orgId)).toHaveLength(3);

    const other = await newCallOrg(deps, 'Agent retries replaced');
    const theirs = await createAgent(
      { db: deps.db, allowIps: [], urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey },
      {
        orgId: other,
        body: { name: 'Theirs', task: 'Confirm the slot.', retry: agent.retry },
        actor: { type: 'system', id: null },
      },
      new Date(deps.clock.now()),
    );
    await dispatch(other, {
      phone_number: NO_ANSWER,
      agent_id: theirs.agent_id,
      retry: { max_attempts: 2, wait_minutes: 1, on: ['no-answer'] },
    });
    await settle(deps, other);
    expect(await rowsOf(deps.db, other)).toHaveLength(2);
  });

  it("counts every attempt of a capped key's call against the key's month", async () => {
    const orgId = await newCallOrg(deps, 'Capped key');
    const cap = 5_000_000;
    const { keyId } = await issueApiKey(deps.db, orgId, new Date(deps.clock.now()), {
      spendCapMicros: cap,
    });
    await dispatchCall(deps, {
      orgId,
      key: { keyId, spendCapMicros: cap },
      body: {
        task: 'Leave a message about the delivery.',
        phone_number: VOICEMAIL,
        max_duration: 2,
        retry: { max_attempts: 2, wait_minutes: 1, on: ['voicemail'] },
      },
      idempotencyKey: null,
      origin: 'https://api.test',
    });
    await settle(deps, orgId);
    const rows = await rowsOf(deps.db, orgId);
    expect(rows).toHaveLength(2);
    // Both messages were left, and paid for.
    expect(rows.every((row) => row.priceMicros! > 0 && row.keyId === keyId)).toBe(true);
    const [key] = await deps.db
      .select({ spent: schema.apiKeys.monthSpentMicros })
      .from(schema.apiKeys)
      .where(eq(schema.apiKeys.id, keyId));
    expect(key!.spent).toBe(rows[0]!.priceMicros! + rows[1]!.priceMicros!);
  });

  it("keeps a batch's attempts in the batch, and its analysis counts them", async () => {
    const orgId = await newCallOrg(deps, 'Batch');
    const { batch_id: batchId } = await createBatch(deps, {
      orgId,
      origin: 'https://api.test',
      body: {
        label: 'Retried',
        base_prompt: 'Confirm the slot.',
        call_data: [{ phone_number: NO_ANSWER }, { phone_number: PERSON }],
        call_params: { retry: { max_attempts: 3, wait_minutes: 2, on: ['no-answer'] } },
      },
    });
    await settle(deps, orgId);
    const rows = await deps.db
      .select()
      .from(schema.calls)
      .where(and(eq(schema.calls.orgId, orgId), inArray(schema.calls.toNumber, [NO_ANSWER])));
    expect(rows.map((r) => [r.batchId, r.attempt]).sort()).toEqual([
      [batchId, 1],
      [batchId, 2],
      [batchId, 3],
    ]);
    const { analysis } = await analyzeBatch(deps.db, batchId);
    expect(analysis).toMatchObject({ total_calls: 4, completed_calls: 4, retry_calls: 2 });
  });
});
