import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS } from '@/lib/calls/webhooks/backoff';
import { deliverDueWebhooks } from '@/lib/calls/webhooks/deliver-due-webhooks';
import { listDeliveries } from '@/lib/calls/webhooks/list-deliveries';
import { resendWebhooks } from '@/lib/calls/webhooks/resend-webhooks';
import { reanalyzeCall } from '@/lib/calls/analysis/reanalyze-call';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { runDueWork } from '@/lib/calls/run-due-work';
import type { CallDeps } from '@/lib/calls/types';
import { stopCall } from '@/lib/calls/lifecycle';
import { schema } from '@/lib/adapters/db';
import { deliverWebhooksJob } from '@/lib/composition/jobs';

import {
  endRunningCalls,
  newCallOrg,
  openCallSuite,
  playCalls,
  speechEngineForFile,
  type CallSuite,
} from '../../support/call-deps';
import { databaseAdapters } from '../../support/databases';

// Post-call webhook deliveries on a real database: queued when a call ends, retried with backoff,
// given up on 410 or after a day, resent on request. The sender port is a recording double.

const ORIGIN = 'https://api.test';
const HOOK = 'https://93.184.215.14/hooks/call';
const HUMAN = '+14155550123';
const TASK = 'Confirm the delivery for Tuesday.';

const speech = speechEngineForFile();

/** One pass of what runs in the background: the call scheduler's steps, then a delivery sweep. */
async function duePass(deps: CallDeps): Promise<void> {
  await runDueWork(deps);
  await deliverWebhooksJob.run(deps);
}

describe.each(databaseAdapters)('post-call webhook deliveries on $name', (adapter) => {
  let { db, deps } = {} as CallSuite;
  openCallSuite(adapter, speech, (opened) => {
    ({ db, deps } = opened);
  });

  // Each test sees only its own deliveries: whatever one leaves due is settled before the next.
  afterEach(async () => {
    await db
      .update(schema.webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(eq(schema.webhookDeliveries.status, 'pending'));
    await endRunningCalls(db);
    deps.webhooks.sent.length = 0;
    deps.webhooks.answer = { status: 200 };
  });

  const newOrg = () => newCallOrg(deps, 'Hooks');

  const dispatch = async (orgId: string, body: Record<string, unknown>) =>
    (await dispatchCall(deps, { orgId, body, idempotencyKey: null, origin: ORIGIN })).body.call_id;

  /** A call with a webhook, ended at once by the API (no audio needed). */
  const endedCall = async (orgId: string, extra: Record<string, unknown> = {}) => {
    const id = await dispatch(orgId, { phone_number: HUMAN, task: TASK, webhook: HOOK, ...extra });
    await stopCall(deps, orgId, id);
    return id;
  };

  const deliveriesOf = (callId: string) =>
    db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.callId, callId));

  const only = async (callId: string) => {
    const rows = await deliveriesOf(callId);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('queues one delivery when a call with a webhook ends, and sends it signed with the org secret', async () => {
    const orgId = await newOrg();
    const id = await dispatch(orgId, {
      phone_number: HUMAN,
      task: TASK,
      webhook: HOOK,
      metadata: { order: 'A-17' },
    });
    const without = await dispatch(orgId, { phone_number: HUMAN, task: TASK });
    expect(await deliveriesOf(id)).toHaveLength(0);
    await playCalls(deps, [id, without]);
    // The pass that ended the call may or may not have sent it already; one more pass does.
    await duePass(deps);
    expect(deps.webhooks.sent).toHaveLength(1);
    expect(await deliveriesOf(without)).toHaveLength(0);
    const [sent] = deps.webhooks.sent;
    const [org] = await db
      .select({ secret: schema.organizations.webhookSecret })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, orgId));
    expect(sent).toMatchObject({
      id: `msg_${id}`,
      url: HOOK,
      type: 'call.completed',
      secret: org!.secret,
      timeoutMs: 15_000,
      data: {
        call_id: id,
        status: 'completed',
        completed: true,
        metadata: { order: 'A-17' },
        answered_by: 'human',
      },
    });
    const data = sent!.data as { transcripts: unknown[]; price: number };
    expect(data.transcripts).toHaveLength(5);
    expect(data.price).toBeGreaterThan(0);

    const delivered = await only(id);
    expect(delivered).toMatchObject({
      orgId,
      url: HOOK,
      webhookId: `msg_${id}`,
      eventType: 'call.completed',
      status: 'delivered',
      attempts: 1,
      nextAttemptAt: null,
    });
    const log = await listDeliveries(db, orgId, id);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      webhook_id: `msg_${id}`,
      status: 'delivered',
      next_attempt_at: null,
      attempts: [{ status_code: 200, response_time_ms: 7, error: null }],
    });

    // Delivered means done: nothing is sent again, however much later.
    deps.clock.advance(GIVE_UP_AFTER_MS);
    await duePass(deps);
    expect(deps.webhooks.sent).toHaveLength(1);
  });

  it('sends a call.analyzed delivery of the new analysis when /analyze re-runs it; none without a webhook', async () => {
    const orgId = await newOrg();
    const id = await dispatch(orgId, { phone_number: HUMAN, task: TASK, webhook: HOOK });
    const without = await dispatch(orgId, { phone_number: HUMAN, task: TASK });
    await playCalls(deps, [id, without]);
    await duePass(deps);
    expect(deps.webhooks.sent.map((d) => d.type)).toEqual(['call.completed']);

    const analysisSchema = {
      type: 'object',
      properties: { confirmed: { type: 'boolean', description: 'Did they confirm Tuesday?' } },
    };
    deps.clock.advance(1_000);
    const result = await reanalyzeCall(deps, orgId, id, { analysis_schema: analysisSchema });
    await reanalyzeCall(deps, orgId, without, { analysis_schema: analysisSchema });
    expect(await deliveriesOf(without)).toHaveLength(0);
    const queued = (await deliveriesOf(id)).find((d) => d.eventType === 'call.analyzed')!;
    expect(queued).toMatchObject({ url: HOOK, status: 'pending' });
    expect(queued.webhookId).not.toBe(`msg_${id}`);

    await duePass(deps);
    expect(deps.webhooks.sent).toHaveLength(2);
    expect(deps.webhooks.sent[1]).toMatchObject({
      id: queued.webhookId,
      url: HOOK,
      type: 'call.analyzed',
      data: {
        call_id: id,
        analysis: result.analysis,
        analysis_by: result.analysis_by,
        analysis_schema: analysisSchema,
      },
    });
    const log = await listDeliveries(db, orgId, id);
    expect(log.deliveries.map((d) => [d.event_type, d.status])).toEqual([
      ['call.completed', 'delivered'],
      ['call.analyzed', 'delivered'],
    ]);
  });

  it('queues a pending delivery, due at once, when a call with a webhook is stopped', async () => {
    const orgId = await newOrg();
    const id = await endedCall(orgId);
    expect(await only(id)).toMatchObject({
      webhookId: `msg_${id}`,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(deps.clock.now()),
      createdAt: new Date(deps.clock.now()),
    });
    expect(deps.webhooks.sent).toHaveLength(0);
  });

  it('retries a failed delivery after about 5 s, then later, with the same webhook id', async () => {
    const orgId = await newOrg();
    deps.webhooks.answer = { status: 500 };
    const id = await endedCall(orgId);
    const firstAt = deps.clock.now();
    await duePass(deps);

    let row = await only(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.nextAttemptAt?.getTime()).toBe(firstAt + 5_000);
    let log = await listDeliveries(db, orgId, id);
    expect(log.deliveries[0]!.attempts).toEqual([
      {
        attempted_at: new Date(firstAt).toISOString(),
        status_code: 500,
        response_time_ms: 7,
        error: expect.stringMatching(/answered 500/) as unknown,
      },
    ]);

    // Not before it is due.
    deps.clock.set(firstAt + 4_999);
    await duePass(deps);
    expect(deps.webhooks.sent).toHaveLength(1);

    // The receiver is unreachable on the second try: logged without a status code.
    deps.webhooks.answer = { error: 'connect ECONNREFUSED' };
    deps.clock.set(firstAt + 5_000);
    await duePass(deps);
    expect(deps.webhooks.sent).toHaveLength(2);
    row = await only(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    const secondDelay = row.nextAttemptAt!.getTime() - (firstAt + 5_000);
    expect(secondDelay).toBeGreaterThan(5_000);

    deps.webhooks.answer = { status: 204 };
    deps.clock.set(row.nextAttemptAt!.getTime());
    await duePass(deps);
    expect(deps.webhooks.sent.map((d) => d.id)).toEqual([`msg_${id}`, `msg_${id}`, `msg_${id}`]);
    expect(await only(id)).toMatchObject({ status: 'delivered', attempts: 3 });
    log = await listDeliveries(db, orgId, id);
    expect(log.deliveries[0]!.attempts.map((a) => [a.status_code, a.error === null])).toEqual([
      [500, false],
      [null, false],
      [204, true],
    ]);
    expect(log.deliveries[0]!.attempts[1]!.error).toMatch(/ECONNREFUSED/);
  });

  it('stops retrying when the receiver answers 410 Gone', async () => {
    const orgId = await newOrg();
    deps.webhooks.answer = { status: 410 };
    const id = await endedCall(orgId);
    await duePass(deps);
    expect(await only(id)).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    deps.webhooks.answer = { status: 200 };
    for (const step of [5_000, 60_000, 3_600_000, GIVE_UP_AFTER_MS]) {
      deps.clock.advance(step);
      await duePass(deps);
    }
    expect(deps.webhooks.sent).toHaveLength(1);
  });

  it('gives a delivery up once it is a day old', async () => {
    const orgId = await newOrg();
    deps.webhooks.answer = { status: 503 };
    const id = await endedCall(orgId);
    const created = (await only(id)).createdAt.getTime();
    await duePass(deps);
    // Keep failing for almost a day: still pending, still retried.
    deps.clock.set(created + GIVE_UP_AFTER_MS - 1);
    await duePass(deps);
    const nearly = await only(id);
    expect(nearly).toMatchObject({ status: 'pending', attempts: 2 });
    deps.clock.set(Math.max(created + GIVE_UP_AFTER_MS, nearly.nextAttemptAt!.getTime()));
    await duePass(deps);
    expect(await only(id)).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });
    deps.clock.advance(GIVE_UP_AFTER_MS);
    await duePass(deps);
    expect(deps.webhooks.sent).toHaveLength(3);
  });

  it('sends a due delivery once when two workers look at the same time', async () => {
    const orgId = await newOrg();
    const id = await endedCall(orgId);
    const counts = await Promise.all([
      deliverDueWebhooks(deps, 8),
      deliverDueWebhooks(deps, 8),
      deliverDueWebhooks(deps, 8),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(deps.webhooks.sent.map((d) => d.id)).toEqual([`msg_${id}`]);
  });

  it('resends with a new webhook id and reports the ids it skipped', async () => {
    const orgId = await newOrg();
    const id = await endedCall(orgId, { metadata: { n: 1 } });
    const noHook = await dispatch(orgId, { phone_number: HUMAN, task: TASK });
    await stopCall(deps, orgId, noHook);
    const other = await newOrg();
    const theirs = await endedCall(other);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await duePass(deps);
    expect(await only(id)).toMatchObject({ status: 'delivered' });
    expect(await only(theirs)).toMatchObject({ status: 'delivered' });
    // Dispatched after the pass above, so it is still queued.
    const running = await dispatch(orgId, { phone_number: HUMAN, task: TASK, webhook: HOOK });

    const result = await resendWebhooks(
      db,
      orgId,
      [id, running, noHook, theirs, unknown],
      new Date(deps.clock.now()),
    );
    expect(result).toEqual({
      status: 'success',
      queued: [id],
      skipped: [
        { call_id: running, reason: 'in_progress' },
        { call_id: noHook, reason: 'no_webhook' },
        { call_id: theirs, reason: 'not_found' },
        { call_id: unknown, reason: 'not_found' },
      ],
    });
    expect(await deliveriesOf(running)).toHaveLength(0);
    expect(await deliveriesOf(noHook)).toHaveLength(0);
    expect(await deliveriesOf(theirs)).toHaveLength(1);

    const both = await deliveriesOf(id);
    expect(both).toHaveLength(2);
    const fresh = both.find((d) => d.status === 'pending')!;
    expect(fresh.webhookId).toMatch(new RegExp(`^msg_${id}_`));
    expect(fresh.webhookId).not.toBe(`msg_${id}`);

    deps.webhooks.sent.length = 0;
    await deliverDueWebhooks(deps, 8);
    expect(deps.webhooks.sent.map((d) => d.id)).toEqual([fresh.webhookId]);
    expect(deps.webhooks.sent[0]!.data).toMatchObject({ call_id: id, metadata: { n: 1 } });
    const log = await listDeliveries(db, orgId, id);
    expect(log.deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(new Set(log.deliveries.map((d) => d.webhook_id)).size).toBe(2);
  });

  it("does not show one organization another's delivery log", async () => {
    const owner = await newOrg();
    const id = await endedCall(owner);
    const stranger = await newOrg();
    await expect(listDeliveries(db, stranger, id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    await expect(listDeliveries(db, owner, id)).resolves.toMatchObject({ call_id: id });
  });
});
