import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { createBatch } from '@/lib/calls/batches/create-batch';
import { createPostgresDatabase, schema, type Db } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { OUT_OF_CREDIT_LINE } from '@/lib/calls/out-of-credit';
import {
  endRunningCalls,
  newCallOrg,
  openCallSuite,
  playCalls,
  speechEngineForFile,
  testCallDeps,
  type CallSuite,
  type TestCallDeps,
} from '../../support/call-deps';
import { databaseAdapters } from '../../support/databases';

// Attack: a $1 wallet places many long calls at once (and a batch), so that the end-of-call
// charge finds the wallet empty and prices connected calls at $0. Every call must hold its
// worst case before it is dialled; what ends is charged exactly, never more than held.

const ORIGIN = 'https://api.test';
const ONE_DOLLAR = 1_000_000;
const HUMAN = '+14155550123';
const TASK = 'Confirm the delivery for Tuesday. Ask whether the back door is open.';

const speech = speechEngineForFile();

async function wallet(db: Db, orgId: string) {
  const [org] = await db
    .select({
      balance: schema.organizations.balanceMicros,
      held: schema.organizations.heldMicros,
    })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, orgId));
  const [ledger] = await db
    .select({ sum: sql<string>`coalesce(sum(${schema.walletLedger.amountMicros}), 0)` })
    .from(schema.walletLedger)
    .where(eq(schema.walletLedger.orgId, orgId));
  const calls = await db
    .select({
      id: schema.calls.id,
      queueStatus: schema.calls.queueStatus,
      durationMs: schema.calls.durationMs,
      priceMicros: schema.calls.priceMicros,
      heldMicros: schema.calls.heldMicros,
      errorMessage: schema.calls.errorMessage,
    })
    .from(schema.calls)
    .where(eq(schema.calls.orgId, orgId));
  return { ...org!, ledger: Number(ledger!.sum), calls };
}

function expectMoneyRight(state: Awaited<ReturnType<typeof wallet>>, credit = ONE_DOLLAR) {
  const charged = state.calls.reduce((sum, c) => sum + (c.priceMicros ?? 0), 0);
  expect(charged).toBeLessThanOrEqual(credit);
  expect(state.balance).toBe(credit - charged);
  expect(state.ledger).toBe(state.balance);
  expect(state.held).toBe(0);
  for (const call of state.calls) {
    // A call that connected is paid for, and never more than it held.
    if (call.durationMs > 0) expect(call.priceMicros).toBeGreaterThan(0);
    expect(call.priceMicros ?? 0).toBeLessThanOrEqual(call.heldMicros ?? 0);
  }
}

describe.each(databaseAdapters)('call holds on $name', (adapter) => {
  let { db, deps } = {} as CallSuite;
  openCallSuite(adapter, speech, (opened) => {
    ({ db, deps } = opened);
  });
  afterEach(async () => {
    await endRunningCalls(db);
  });

  /** A second instance: its own pool on the same Postgres database (PGlite: the same one). */
  async function twin(): Promise<{ deps: TestCallDeps; close: () => Promise<void> }> {
    if (adapter.name !== 'postgres') return { deps, close: async () => {} };
    const result = await db.execute(sql`select current_database() as name`);
    const { name } = (result as { rows: { name: string }[] }).rows[0]!;
    const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/x');
    url.pathname = `/${name}`;
    const database = createPostgresDatabase(url.toString(), { max: 10 });
    return {
      deps: testCallDeps(await database.ready(), speech.current, { clock: deps.clock }),
      close: () => database.close(),
    };
  }

  it('20 parallel long calls from a $1 wallet on two instances: each refused or held, none free', async () => {
    const other = await twin();
    try {
      const orgId = await newCallOrg(deps, 'Holds', ONE_DOLLAR);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          dispatchCall(i % 2 === 0 ? deps : other.deps, {
            orgId,
            body: { phone_number: HUMAN, task: TASK, max_duration: 240 },
            idempotencyKey: null,
            origin: ORIGIN,
          }),
        ),
      );
      const placed: string[] = [];
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') placed.push(outcome.value.body.call_id);
        else {
          expect(outcome.reason).toBeInstanceOf(ApiError);
          expect((outcome.reason as ApiError).code).toBe('INSUFFICIENT_BALANCE');
        }
      }
      expect(placed.length).toBeGreaterThan(0);
      const before = await wallet(db, orgId);
      // Every placed call holds its cut worst case; together no more than the wallet.
      expect(before.held).toBeLessThanOrEqual(ONE_DOLLAR);
      for (const call of before.calls) expect(call.heldMicros).toBeGreaterThan(0);
      await playCalls(deps, placed);
      expectMoneyRight(await wallet(db, orgId));
    } finally {
      await other.close();
    }
  });

  it('a call the wallet can hold one minute of is cut there, the agent saying why, and charged the hold', async () => {
    const orgId = await newCallOrg(deps, 'Cut', 100_000);
    // The scripted agent speaks up to six points: long ones make a call of over a minute.
    const points = Array.from(
      { length: 6 },
      (_, i) =>
        `Ask whether delivery window number ${i + 1}, which runs from early in the afternoon ` +
        'until late in the evening on the second and the fourth weekday of every month, with ' +
        'a driver who calls ahead twice and waits at the back door for ten minutes, still suits them.',
    );
    const { body } = await dispatchCall(deps, {
      orgId,
      body: { phone_number: HUMAN, task: points.join(' '), max_duration: 240 },
      idempotencyKey: null,
      origin: ORIGIN,
    });
    await playCalls(deps, [body.call_id]);
    const [call] = await db.select().from(schema.calls).where(eq(schema.calls.id, body.call_id));
    expect(call).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'MAX_DURATION',
      maxDuration: 1,
      cutByHold: true,
      heldMicros: 90_000,
      priceMicros: 90_000,
    });
    const lines = await db
      .select({ user: schema.transcripts.user, text: schema.transcripts.text })
      .from(schema.transcripts)
      .where(eq(schema.transcripts.callId, body.call_id))
      .orderBy(schema.transcripts.seq);
    expect(lines.at(-1)).toEqual({ user: 'assistant', text: OUT_OF_CREDIT_LINE });
    expectMoneyRight({ ...(await wallet(db, orgId)) }, 100_000);
  });

  it('a batch of 25 from a $1 wallet: each call held at its dial or failed INSUFFICIENT_BALANCE', async () => {
    const orgId = await newCallOrg(deps, 'Batch holds', ONE_DOLLAR);
    await createBatch(deps, {
      orgId,
      body: {
        base_prompt: 'Confirm the delivery for {{name}}.',
        label: 'Holds',
        call_data: Array.from({ length: 25 }, (_, i) => ({ phone_number: HUMAN, name: `N${i}` })),
      },
      origin: ORIGIN,
    });
    const state0 = await wallet(db, orgId);
    expect(state0.calls).toHaveLength(25);
    await playCalls(
      deps,
      state0.calls.map((c) => c.id),
    );
    const state = await wallet(db, orgId);
    expectMoneyRight(state);
    for (const call of state.calls) {
      if (call.queueStatus === 'complete') expect(call.priceMicros).toBeGreaterThan(0);
      else {
        expect(call.queueStatus).toBe('call_error');
        expect(call.errorMessage).toMatch(/^INSUFFICIENT_BALANCE: /);
        expect(call.priceMicros).toBe(0);
      }
    }
    expect(state.calls.some((c) => c.queueStatus === 'complete')).toBe(true);
  });
});
