import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyCarrierStatus,
  FINAL_CALLBACK_WAIT_MS,
  mediaStreamEnded,
  requestHangUp,
  stopCall,
} from '@/lib/calls/lifecycle';
import { runDueWork } from '@/lib/calls/run-due-work';
import type { CallRow } from '@/lib/calls/types';
import { schema } from '@/lib/adapters/db';
import {
  callRow,
  speechEngineForFile,
  TEST_CALL_SETTINGS,
  type CallSuite,
} from '../../support/call-deps';
import { databaseAdapters } from '../../support/databases';
import {
  dispatchTestCall,
  openCarrierSuite,
  type RecordingCarrier,
} from '../../support/recording-carrier';

// The end of a live carrier call on a real database: a stop by the API (or the loop's own
// hang-up) tells the carrier to hang up and the call is charged once for what the carrier
// reports, in whatever order the stop and the final callback come; without a final callback,
// for our own media stream's length after a bounded wait.

const PRICE = TEST_CALL_SETTINGS.pricePerMinuteMicros;

const speech = speechEngineForFile();
afterEach(() => vi.restoreAllMocks());

describe.each(databaseAdapters)('ending a live carrier call on $name', (adapter) => {
  let { db, deps, carrier } = {} as CallSuite & { carrier: RecordingCarrier };
  openCarrierSuite(adapter, speech, (opened) => {
    ({ db, deps, carrier } = opened);
  });

  const row = (id: string): Promise<CallRow> => callRow(db, id);

  /** A call dialled at the carrier and answered; returns its id, org and SID. */
  const liveCall = async (body: Record<string, unknown> = {}) => {
    const { callId, orgId } = await dispatchTestCall(deps, body);
    await runDueWork(deps);
    const sid = (await row(callId)).carrierCallSid!;
    await applyCarrierStatus(deps, callId, { CallSid: sid, CallStatus: 'in-progress' });
    return { callId, orgId, sid };
  };
  const hangUpsOf = (sid: string) => carrier.hungUp.filter((s) => s === sid).length;
  const completed = (sid: string, seconds: number) =>
    ({ CallSid: sid, CallStatus: 'completed', CallDuration: seconds }) as const;

  it('reads the analysis from what was said when the carrier reports the end', async () => {
    const analysis_schema = {
      type: 'object',
      properties: { seats: { type: 'integer' }, plan: { type: 'string', enum: ['basic', 'pro'] } },
      required: ['seats'],
    };
    const { callId, sid } = await liveCall({ analysis_schema, summary_prompt: 'One line.' });
    const said = [
      ['assistant', 'How many seats, and which plan?'],
      ['user', 'Twelve seats on the pro plan.'],
    ] as const;
    await db.insert(schema.transcripts).values(
      said.map(([user, text], seq) => ({
        callId,
        seq,
        user,
        text,
        startMs: seq * 1000,
        durationMs: 1000,
        createdAt: new Date(),
      })),
    );
    expect(await applyCarrierStatus(deps, callId, completed(sid, 20))).toBe('applied');
    expect(await row(callId)).toMatchObject({
      queueStatus: 'complete',
      analysis: { seats: 12, plan: 'pro' },
      analysisError: null,
      analysisBy: 'scripted',
    });
  });

  it('hangs up at the carrier on stop and charges the final callback’s duration once', async () => {
    const { callId, orgId, sid } = await liveCall();
    await stopCall(deps, orgId, callId);
    expect(hangUpsOf(sid)).toBe(1);
    // Still on the line until the carrier says it is over: nothing charged yet.
    expect(await row(callId)).toMatchObject({ queueStatus: 'started', priceMicros: null });
    // A second stop while the hang-up is under way holds, and hangs up no second time.
    await stopCall(deps, orgId, callId);
    expect(hangUpsOf(sid)).toBe(1);

    expect(await applyCarrierStatus(deps, callId, completed(sid, 65))).toBe('applied');
    // The same callback again (Twilio retries) changes nothing.
    expect(await applyCarrierStatus(deps, callId, completed(sid, 65))).toBe('ignored');
    expect(await row(callId)).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'API',
      durationMs: 65_000,
      priceMicros: 2 * PRICE,
    });
    const charges = await db
      .select()
      .from(schema.walletLedger)
      .where(eq(schema.walletLedger.reference, `call:${callId}`));
    expect(charges).toHaveLength(1);
    // A stop after the end is refused as before.
    await expect(stopCall(deps, orgId, callId)).rejects.toMatchObject({ code: 'CALL_NOT_ACTIVE' });
  });

  it('keeps the callee’s hang-up when the final callback came before the stop', async () => {
    const { callId, orgId, sid } = await liveCall();
    const hangUpsBefore = carrier.hungUp.length;
    await applyCarrierStatus(deps, callId, completed(sid, 30));
    await expect(stopCall(deps, orgId, callId)).rejects.toMatchObject({ code: 'CALL_NOT_ACTIVE' });
    expect(hangUpsOf(sid)).toBe(0);
    // The carrier's own end asks the carrier for nothing (no hang-up of any call).
    expect(carrier.hungUp).toHaveLength(hangUpsBefore);
    expect(await row(callId)).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'USER',
      priceMicros: PRICE,
    });
  });

  it('lets the first of a stop and max_duration name the ending, with one hang-up', async () => {
    const { callId, orgId, sid } = await liveCall();
    const [, loop] = await Promise.all([
      stopCall(deps, orgId, callId),
      requestHangUp(deps, callId, { endedBy: 'MAX_DURATION' }),
    ]);
    expect(hangUpsOf(sid)).toBe(1);
    const pending = (await row(callId)).lineState;
    const winner = loop === 'requested' ? 'MAX_DURATION' : 'API';
    expect(pending).toMatchObject({ line: 'carrier', pendingEnding: { endedBy: winner } });
    await applyCarrierStatus(deps, callId, completed(sid, 180));
    expect(await row(callId)).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: winner,
      priceMicros: 3 * PRICE,
    });
  });

  it('charges from our media stream when the final callback never comes, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { callId, orgId, sid } = await liveCall();
    await stopCall(deps, orgId, callId);
    await mediaStreamEnded(deps, callId, 95_000);
    // Not before the bounded wait is over.
    deps.clock.advance(FINAL_CALLBACK_WAIT_MS - 1);
    await runDueWork(deps);
    expect((await row(callId)).queueStatus).toBe('started');
    deps.clock.advance(1);
    await runDueWork(deps);
    expect(await row(callId)).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'API',
      durationMs: 95_000,
      priceMicros: 2 * PRICE,
    });
    expect(hangUpsOf(sid)).toBe(1);
    expect(warn.mock.calls.flat().join(' ')).toMatch(
      new RegExp(`call ${callId}: no final status from the carrier; charged from our media`),
    );
    // The callback, late after all: no second charge, the difference is logged.
    expect(await applyCarrierStatus(deps, callId, completed(sid, 130))).toBe('ignored');
    expect((await row(callId)).priceMicros).toBe(2 * PRICE);
    expect(warn.mock.calls.flat().join(' ')).toMatch(/late final status reports 130 s/);
  });

  it('ends the call of an instance that died mid-call from its transcript’s timing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { callId, sid } = await liveCall({ max_duration: 1 });
    const createdAt = new Date(deps.clock.now());
    // The loop wrote what was said, then its process died: no stream end, no callback.
    await db.insert(schema.transcripts).values([
      {
        callId,
        seq: 0,
        user: 'assistant',
        text: 'Hello.',
        startMs: 0,
        durationMs: 1_500,
        createdAt,
      },
      { callId, seq: 1, user: 'user', text: 'Hi.', startMs: 2_000, durationMs: 70_000, createdAt },
    ]);
    deps.clock.advance(60_000 + 5 * 60_000 + 1);
    await runDueWork(deps);
    expect(await row(callId)).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'MAX_DURATION',
      durationMs: 72_000,
      // 72 s is two started minutes, but the call held one (its max_duration): never more.
      priceMicros: PRICE,
    });
    expect(hangUpsOf(sid)).toBe(1);
  });
});
