import { describe, expect, it } from 'vitest';
import { applyCarrierStatus } from '@/lib/calls/lifecycle';
import { runDueWork } from '@/lib/calls/run-due-work';
import type { CallRow } from '@/lib/calls/types';

import { verifyStreamToken } from '@/lib/adapters/telephony/stream-token';
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
import { allowConsoleError } from '../../support/console-guard';

// The durable dispatch handing calls to a carrier (a recording stand-in for the port) on a real
// database: dialling under the claim, refusals, callbacks in any order, and the safety net.

const speech = speechEngineForFile();

describe.each(databaseAdapters)('carrier calls on $name', (adapter) => {
  let { db, deps, carrier } = {} as CallSuite & { carrier: RecordingCarrier };
  openCarrierSuite(adapter, speech, (opened) => {
    ({ db, deps, carrier } = opened);
  });

  const newCall = async (body: Record<string, unknown> = {}) =>
    (await dispatchTestCall(deps, body)).callId;
  const row = (id: string): Promise<CallRow> => callRow(db, id);

  it('dials through the carrier once the call is claimed, and keeps its SID', async () => {
    const callId = await newCall();
    await runDueWork(deps);
    const call = await row(callId);
    expect(call).toMatchObject({ queueStatus: 'started', provider: 'twilio', sandbox: false });
    expect(call.lineState).toMatchObject({ line: 'carrier' });
    const request = carrier.placed.find((p) => p.callId === callId)!;
    expect(request).toMatchObject({ to: '+14155550123', from: '+15005550006', timeLimitS: 180 });
    expect(call.carrierCallSid).toBe(`CA${carrier.placed.indexOf(request) + 1}`);
    expect(
      verifyStreamToken(
        TEST_CALL_SETTINGS.urlSigningKey,
        callId,
        request.streamToken,
        deps.clock.now(),
      ),
    ).not.toBeNull();
    // Nothing else is due while the carrier has the call: no second dial.
    await runDueWork(deps);
    expect(carrier.placed.filter((p) => p.callId === callId)).toHaveLength(1);
  });

  it('ends a call the carrier refuses as call_error, free of charge', async () => {
    allowConsoleError(/the carrier refused the call: 21215/);
    carrier.state.refuse = true;
    const callId = await newCall();
    await runDueWork(deps);
    carrier.state.refuse = false;
    expect(await row(callId)).toMatchObject({
      queueStatus: 'call_error',
      errorMessage: 'The carrier refused the call: 21215: geo permission missing',
      priceMicros: 0,
    });
  });

  it('applies callbacks in any order and finishes once, priced per started minute', async () => {
    const callId = await newCall();
    await runDueWork(deps);
    const sid = (await row(callId)).carrierCallSid!;
    await applyCarrierStatus(deps, callId, { CallSid: sid, CallStatus: 'in-progress' });
    await applyCarrierStatus(deps, callId, { CallSid: sid, CallStatus: 'ringing' });
    expect((await row(callId)).lineState).toMatchObject({ carrierStatus: 'in-progress' });
    // Another call's SID is not this call's callback.
    expect(
      await applyCarrierStatus(deps, callId, { CallSid: 'CAother', CallStatus: 'completed' }),
    ).toBe('ignored');
    const done = { CallSid: sid, CallStatus: 'completed' as const, CallDuration: 61 };
    expect(await applyCarrierStatus(deps, callId, done)).toBe('applied');
    expect(await applyCarrierStatus(deps, callId, { ...done, CallDuration: 3000 })).toBe('ignored');
    expect(await applyCarrierStatus(deps, callId, { CallSid: sid, CallStatus: 'ringing' })).toBe(
      'ignored',
    );
    expect(await row(callId)).toMatchObject({
      queueStatus: 'complete',
      durationMs: 61_000,
      priceMicros: 2 * TEST_CALL_SETTINGS.pricePerMinuteMicros,
      callEndedBy: 'USER',
      answeredBy: 'human',
    });
  });

  it('words carrier failures as the sandbox does, and charges nothing', async () => {
    for (const [status, message, answeredBy] of [
      ['busy', 'The line was busy.', null],
      ['no-answer', 'No answer: the line rang for 30 seconds.', 'no-answer'],
    ] as const) {
      const callId = await newCall();
      await runDueWork(deps);
      const sid = (await row(callId)).carrierCallSid!;
      await applyCarrierStatus(deps, callId, { CallSid: sid, CallStatus: status });
      expect(await row(callId)).toMatchObject({
        queueStatus: 'call_error',
        errorMessage: message,
        answeredBy,
        priceMicros: 0,
      });
    }
  });

  it('ends a call the carrier never reports on, hanging it up, after max_duration and a grace', async () => {
    const callId = await newCall({ max_duration: 1 });
    await runDueWork(deps);
    const sid = (await row(callId)).carrierCallSid!;
    deps.clock.advance(60_000 + 5 * 60_000 + 1);
    await runDueWork(deps);
    expect(await row(callId)).toMatchObject({
      queueStatus: 'call_error',
      errorMessage: 'The carrier sent no final status for this call.',
      priceMicros: 0,
    });
    expect(carrier.hungUp).toContain(sid);
  });
});
