import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { receiveCarrierCallback } from '@/lib/calls/lifecycle';
import { schema } from '@/lib/adapters/db';
import { TEST_CALL_SETTINGS } from '../../support/call-deps';
import { hangUps, liveCallsOnOwnDatabase, mediaFrames } from '../../support/live-call';

// An inbound call through the whole live loop on a virtual clock: the number's voice webhook
// starts the call and hands the stream its token, the agent answers as on a dialled call, and
// the number's own status callback (no call id, only the carrier's SID) ends and bills it.

const liveCall = liveCallsOnOwnDatabase();

describe('an inbound call on a virtual clock', () => {
  it('is answered by the number’s agent, recorded as inbound and billed like a dialled call', async () => {
    const call = await liveCall({
      inbound: { caller: '+14155550123' },
      replies: ['Thanks for calling Elm Dental.', 'We open at nine. Goodbye! [END]'],
      heard: ['When do you open?'],
    });
    expect(await call.row()).toMatchObject({
      direction: 'inbound',
      fromNumber: '+14155550123',
      toNumber: expect.stringMatching(/^\+121255501\d\d$/),
      queueStatus: 'started',
      carrierCallSid: call.sid,
      heldMicros: 2 * TEST_CALL_SETTINGS.pricePerMinuteMicros,
    });
    await call.run(1_500);
    expect(mediaFrames(call)).toBeGreaterThan(0);
    await call.say(1_000);
    await call.until(() => hangUps(call) === 1);
    await call.conversation.handleFrame({ event: 'stop' });
    // The number's status callback names the call by its SID alone.
    await receiveCarrierCallback(call.calls, {
      signature: 'checked by the carrier stand-in',
      pathAndQuery: '/v1/telephony/twilio/status',
      form: { CallSid: call.sid, CallStatus: 'completed', CallDuration: '65' },
    });
    expect(await call.row()).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'ASSISTANT',
      priceMicros: 2 * TEST_CALL_SETTINGS.pricePerMinuteMicros,
      heldMicros: 2 * TEST_CALL_SETTINGS.pricePerMinuteMicros,
    });
    expect(await call.lines()).toEqual([
      ['assistant', 'Thanks for calling Elm Dental.'],
      ['user', 'When do you open?'],
      ['assistant', 'We open at nine. Goodbye!'],
    ]);
    const [org] = await call.calls.db
      .select({
        held: schema.organizations.heldMicros,
        balance: schema.organizations.balanceMicros,
      })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, call.orgId));
    expect(org).toEqual({
      held: 0,
      balance: 10_000_000 - 2 * TEST_CALL_SETTINGS.pricePerMinuteMicros,
    });
  });
});
