// The one way a call ends (endCall / endLockedCall), on a real database: what the row says after,
// the charge (every started minute, none for a failed call), the key's month trued up where it
// was reserved, the recording joined into one WAV, the post-call webhook queued — each once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { endCall, endLockedCall } from '@/lib/calls/lifecycle';
import { TELEPHONY_SAMPLE_RATE } from '@/lib/calls/speak-line';
import type { CallRow } from '@/lib/calls/types';
import { schema, type Db } from '@/lib/adapters/db';
import type { SpeechEngine } from '@/lib/adapters/speech-engine';
import { issueApiKey } from '@/lib/accounts/orgs/issue-api-key';
import { callRow, newCallOrg, testCallDeps, type TestCallDeps } from '../../support/call-deps';
import { databaseAdapters, openForSuite } from '../../support/databases';

const PRICE = 90_000; // TEST_CALL_SETTINGS: $0.09 a started minute
const HUMAN = '+14155550123';
const ORIGIN = 'https://api.test';

describe.each(databaseAdapters)('ending a call on $name', (adapter) => {
  let db: Db;
  let deps: TestCallDeps;
  // Ending a call speaks nothing: no speech engine.
  openForSuite(adapter, (opened) => {
    db = opened;
    deps = testCallDeps(db, {} as SpeechEngine);
  });

  /** A call dispatched and then started, `durationMs` of audio into it. */
  async function startedCall(
    body: Record<string, unknown> = {},
    options: {
      durationMs?: number;
      credit?: number;
      key?: { keyId: string; spendCapMicros: number };
    } = {},
  ) {
    const orgId = await newCallOrg(deps, 'Ending', options.credit);
    const { body: queued } = await dispatchCall(deps, {
      orgId,
      body: { phone_number: HUMAN, task: 'Confirm the delivery.', ...body },
      idempotencyKey: null,
      origin: ORIGIN,
      key: options.key ?? null,
    });
    const id = queued.call_id;
    await db
      .update(schema.calls)
      .set({
        queueStatus: 'started',
        startedAt: new Date(deps.clock.now()),
        durationMs: options.durationMs ?? 0,
        leaseToken: 'lease-1',
        leaseUntil: new Date(deps.clock.now() + 30_000),
        nextStepAt: new Date(deps.clock.now() + 1_000),
      })
      .where(eq(schema.calls.id, id));
    return { orgId, id };
  }

  const ledger = (id: string) =>
    db
      .select({ kind: schema.walletLedger.kind, amount: schema.walletLedger.amountMicros })
      .from(schema.walletLedger)
      .where(eq(schema.walletLedger.reference, `call:${id}`));

  it('ends a started call once, says how, and charges every started minute', async () => {
    const { id } = await startedCall({}, { durationMs: 60_001 });
    deps.clock.set(deps.clock.now() + 5_000);
    const now = new Date(deps.clock.now());
    const ending = {
      queueStatus: 'complete' as const,
      endedBy: 'USER' as const,
      summary: 'They confirmed.',
    };
    expect(await endCall(deps, id, ending)).toBe(true);
    expect(await callRow(db, id)).toMatchObject({
      queueStatus: 'complete',
      endAt: now,
      callEndedBy: 'USER',
      errorMessage: null,
      summary: 'They confirmed.',
      nextStepAt: null,
      leaseToken: null,
      leaseUntil: null,
      priceMicros: 2 * PRICE,
    });
    expect(await ledger(id)).toEqual([{ kind: 'call_charge', amount: -2 * PRICE }]);
    // Ended already: nothing changes (not even `before`), nothing more is charged.
    const decide = vi.fn(() => ({
      queueStatus: 'call_error' as const,
      endedBy: 'SYSTEM' as const,
    }));
    expect(await endCall(deps, id, decide, { before: { durationMs: 1 } })).toBe(false);
    expect(decide).not.toHaveBeenCalled();
    expect(await callRow(db, id)).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'USER',
      durationMs: 60_001,
    });
    expect(await ledger(id)).toHaveLength(1);
    // A call that does not exist ends nothing.
    expect(await endCall(deps, '00000000-0000-4000-8000-000000000000', ending)).toBe(false);
  });

  it('ends a queued call too at no charge; a connected call that failed pays its minutes', async () => {
    const orgId = await newCallOrg(deps, 'Queued');
    const { body } = await dispatchCall(deps, {
      orgId,
      body: { phone_number: HUMAN, task: 'Confirm.' },
      idempotencyKey: null,
      origin: ORIGIN,
    });
    expect(
      await endCall(deps, body.call_id, {
        queueStatus: 'call_error',
        endedBy: 'SYSTEM',
        errorMessage: 'The line failed.',
      }),
    ).toBe(true);
    expect(await callRow(db, body.call_id)).toMatchObject({
      queueStatus: 'call_error',
      errorMessage: 'The line failed.',
      summary: null,
      priceMicros: 0,
    });
    // Connected for 90 s, then failed: the two started minutes were talked and held, and are
    // charged (issue 30: never a silent $0 for a call that connected).
    const failed = await startedCall({}, { durationMs: 90_000 });
    await endCall(deps, failed.id, { queueStatus: 'call_error', endedBy: 'SYSTEM' });
    expect((await callRow(db, failed.id)).priceMicros).toBe(2 * PRICE);
    expect(await ledger(failed.id)).toEqual([{ kind: 'call_charge', amount: -2 * PRICE }]);
  });

  it('ends only under the lease it was given, and writes `before` first', async () => {
    const { id } = await startedCall({}, { durationMs: 1_000 });
    const ending = { queueStatus: 'complete' as const, endedBy: 'ASSISTANT' as const };
    expect(await endCall(deps, id, ending, { leaseToken: 'lease-0' })).toBe('lease-lost');
    expect((await callRow(db, id)).queueStatus).toBe('started');
    expect(await endCall(deps, id, ending, { leaseToken: null })).toBe('lease-lost');
    // The carrier's duration, then the ending decided under the lock from the row as it stands.
    const seen: number[] = [];
    expect(
      await endCall(
        deps,
        id,
        (locked: CallRow) => {
          seen.push(locked.durationMs);
          return { ...ending, before: { answeredBy: 'human' } };
        },
        { leaseToken: 'lease-1', before: { durationMs: 120_001 } },
      ),
    ).toBe(true);
    expect(seen).toEqual([1_000]);
    expect(await callRow(db, id)).toMatchObject({
      queueStatus: 'complete',
      durationMs: 120_001,
      answeredBy: 'human',
      priceMicros: 3 * PRICE,
    });
  });

  it('joins a recording’s segments into one WAV, and keeps none when nothing was recorded', async () => {
    const recorded = await startedCall({ record: true }, { durationMs: 1_000 });
    const audio = schema.callAudio;
    const pcm = (byte: number) => Buffer.alloc(320, byte);
    await db.insert(audio).values([
      { callId: recorded.id, seq: 0, sampleRate: TELEPHONY_SAMPLE_RATE, data: pcm(1) },
      { callId: recorded.id, seq: 1, sampleRate: TELEPHONY_SAMPLE_RATE, data: pcm(2) },
    ]);
    await endCall(deps, recorded.id, { queueStatus: 'complete', endedBy: 'ASSISTANT' });
    const rows = await db.select().from(audio).where(eq(audio.callId, recorded.id));
    expect(rows.map((r) => [r.seq, r.sampleRate])).toEqual([[-1, TELEPHONY_SAMPLE_RATE]]);
    const wav = rows[0]!.data;
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(TELEPHONY_SAMPLE_RATE);
    expect(wav.subarray(44)).toEqual(Buffer.concat([pcm(1), pcm(2)]));

    const silent = await startedCall({ record: true });
    await endCall(deps, silent.id, { queueStatus: 'complete', endedBy: 'ASSISTANT' });
    expect(await db.select().from(audio).where(eq(audio.callId, silent.id))).toEqual([]);
    // Segments of a call that did not ask for a recording stay as they are.
    const unrecorded = await startedCall({ record: false });
    await db
      .insert(audio)
      .values({ callId: unrecorded.id, seq: 0, sampleRate: TELEPHONY_SAMPLE_RATE, data: pcm(3) });
    await endCall(deps, unrecorded.id, { queueStatus: 'complete', endedBy: 'ASSISTANT' });
    expect(
      (await db.select().from(audio).where(eq(audio.callId, unrecorded.id))).map((r) => r.seq),
    ).toEqual([0]);
  });

  it('queues the post-call webhook once, when the call has one', async () => {
    const hooked = await startedCall({ webhook: 'https://hooks.example.com/calls' });
    deps.clock.set(deps.clock.now() + 1_000);
    const now = new Date(deps.clock.now());
    await endCall(deps, hooked.id, { queueStatus: 'complete', endedBy: 'ASSISTANT' });
    const d = schema.webhookDeliveries;
    expect(await db.select().from(d).where(eq(d.callId, hooked.id))).toEqual([
      expect.objectContaining({
        orgId: hooked.orgId,
        callId: hooked.id,
        webhookId: `msg_${hooked.id}`,
        url: 'https://hooks.example.com/calls',
        eventType: 'call.completed',
        payload: {},
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
      }),
    ]);
    const plain = await startedCall();
    await endCall(deps, plain.id, { queueStatus: 'complete', endedBy: 'ASSISTANT' });
    expect(await db.select().from(d).where(eq(d.callId, plain.id))).toEqual([]);
  });

  describe("the key's month", () => {
    const CAP = 1_000_000;
    const spent = async (keyId: string) => {
      const [row] = await db
        .select({ month: schema.apiKeys.spendMonth, micros: schema.apiKeys.monthSpentMicros })
        .from(schema.apiKeys)
        .where(eq(schema.apiKeys.id, keyId));
      return row;
    };

    it('counts the real charge in place of the reservation made at dispatch', async () => {
      const orgId = await newCallOrg(deps, 'Keyed');
      const { keyId } = await issueApiKey(db, orgId, new Date(deps.clock.now()), {
        spendCapMicros: CAP,
      });
      const { body } = await dispatchCall(deps, {
        orgId,
        body: { phone_number: HUMAN, task: 'Confirm.', max_duration: 3 },
        idempotencyKey: null,
        origin: ORIGIN,
        key: { keyId, spendCapMicros: CAP },
      });
      const month = new Date(deps.clock.now()).toISOString().slice(0, 7);
      expect(await spent(keyId)).toEqual({ month, micros: 3 * PRICE });
      await db
        .update(schema.calls)
        .set({ queueStatus: 'started', durationMs: 61_000 })
        .where(eq(schema.calls.id, body.call_id));
      await endCall(deps, body.call_id, { queueStatus: 'complete', endedBy: 'ASSISTANT' });
      expect(await spent(keyId)).toEqual({ month, micros: 2 * PRICE });
      const [charge] = await db
        .select({ keyId: schema.walletLedger.keyId })
        .from(schema.walletLedger)
        .where(
          and(
            eq(schema.walletLedger.reference, `call:${body.call_id}`),
            eq(schema.walletLedger.kind, 'call_charge'),
          ),
        );
      expect(charge?.keyId).toBe(keyId);
    });

    it('counts nothing for a keyed call that reserved nothing (its key had no cap then)', async () => {
      const orgId = await newCallOrg(deps, 'Uncapped');
      const now = new Date(deps.clock.now());
      const month = now.toISOString().slice(0, 7);
      const { keyId } = await issueApiKey(db, orgId, now);
      // The key had a cap earlier this month and counted 0.09 under it; the cap was removed.
      await db
        .update(schema.apiKeys)
        .set({ spendMonth: month, monthSpentMicros: PRICE })
        .where(eq(schema.apiKeys.id, keyId));
      const { body } = await dispatchCall(deps, {
        orgId,
        body: { phone_number: HUMAN, task: 'Confirm.' },
        idempotencyKey: null,
        origin: ORIGIN,
        key: { keyId, spendCapMicros: null },
      });
      await db
        .update(schema.calls)
        .set({ queueStatus: 'started', durationMs: 61_000 })
        .where(eq(schema.calls.id, body.call_id));
      await endCall(deps, body.call_id, { queueStatus: 'complete', endedBy: 'ASSISTANT' });
      expect((await callRow(db, body.call_id)).priceMicros).toBe(2 * PRICE);
      expect(await spent(keyId)).toEqual({ month, micros: PRICE });
    });

    it("trues up a batch call in the month of its dial, a single call in its dispatch's", async () => {
      const orgId = await newCallOrg(deps, 'Months');
      const { keyId } = await issueApiKey(db, orgId, new Date(deps.clock.now()), {
        spendCapMicros: CAP,
      });
      const march = new Date('2027-03-31T23:59:00Z');
      const april = new Date('2027-04-01T00:01:00Z');
      // The key counted 0.18 in April (the batch call's reservation, made at its dial).
      await db
        .update(schema.apiKeys)
        .set({ spendMonth: '2027-04', monthSpentMicros: 2 * PRICE })
        .where(eq(schema.apiKeys.id, keyId));
      const { id } = await startedCall({}, { durationMs: 30_000 });
      const row = await callRow(db, id);
      const end = (call: CallRow) =>
        db.transaction((tx) =>
          endLockedCall(tx, deps, call, { queueStatus: 'complete', endedBy: 'ASSISTANT' }, april),
        );
      const batchCall = {
        ...row,
        orgId: row.orgId,
        keyId,
        keyReservedMicros: 2 * PRICE,
        batchId: 'batch-1',
        createdAt: march,
        startedAt: april,
      };
      expect(await end(batchCall)).toBe(true);
      expect(await spent(keyId)).toEqual({ month: '2027-04', micros: PRICE });

      // A single call reserved in March, ended in April: March's count is long gone, April's
      // is left alone.
      const single = await startedCall({}, { durationMs: 30_000 });
      const singleRow = await callRow(db, single.id);
      await end({
        ...singleRow,
        keyId,
        keyReservedMicros: 2 * PRICE,
        batchId: null,
        createdAt: march,
        startedAt: april,
      });
      expect(await spent(keyId)).toEqual({ month: '2027-04', micros: PRICE });
    });
  });
});
