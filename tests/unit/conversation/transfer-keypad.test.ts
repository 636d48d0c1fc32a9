import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { schema } from '@/lib/adapters/db';
import type { CarrierLine } from '@/lib/adapters/telephony';
import { pressDigits } from '@/lib/calls/actions/press-digits';
import { transferCall } from '@/lib/calls/actions/transfer-call';
import type { ActionSurface } from '@/lib/calls/actions/types';
import { Conversation } from '@/lib/calls/conversation/conversation';
import { parseInboundFrame } from '@/lib/calls/conversation/twilio-frames';
import { applyCarrierStatus, callCostMicros, stopCall } from '@/lib/calls/lifecycle';
import { addDncNumbers, DEFAULT_HOURS } from '@/lib/calls/rules';
import { TEST_CALL_SETTINGS } from '../../support/call-deps';
import { allowConsoleError } from '../../support/console-guard';
import { liveCallsOnOwnDatabase, type LiveCall } from '../../support/live-call';
import { twilioRestStandIn } from '../../support/twilio-rest';

// transfer_call and press_digits on a live carrier call (virtual clock, in-memory stream, the
// lifecycle on PGlite), through the production Twilio adapter against a local HTTP server
// playing Twilio's REST API: the requests Twilio would get, the call's record and its charge.

const liveCall = liveCallsOnOwnDatabase();
const SALES = '+14155550111';
const SUPPORT = '+14155550112';

let standIn: Awaited<ReturnType<typeof twilioRestStandIn>> | null = null;
afterEach(async () => {
  await standIn?.close();
  standIn = null;
});

async function surfaceOf(
  call: LiveCall,
  transfer: { number?: string; list?: Record<string, string>; mode: 'cold' | 'warm' },
  legStatus?: string,
) {
  standIn = await twilioRestStandIn({ legStatus });
  await call.calls.db
    .update(schema.calls)
    .set({
      transfer: { number: transfer.number ?? null, list: transfer.list ?? {}, mode: transfer.mode },
    })
    .where(eq(schema.calls.id, call.callId));
  const said: string[] = [];
  const surface: ActionSurface = {
    call: await call.row(),
    line: 'carrier',
    turns: [{ user: 'user', text: 'I would like to upgrade my plan.' }],
    signal: new AbortController().signal,
    say: async (text) => void said.push(text),
    deps: {
      db: call.calls.db,
      clock: call.clock,
      allowIps: [],
      carrier: standIn.carrier,
      urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey,
    },
  };
  return { surface, said, requests: standIn.requests };
}

/** Twilio's final callback of the caller's call, after the bridge ended (through `carrier`). */
async function finalCallback(call: LiveCall, seconds: number, carrier?: CarrierLine) {
  await call.conversation.handleFrame({ event: 'stop' });
  const calls = carrier ? { ...call.calls, provider: carrier } : call.calls;
  await applyCarrierStatus(calls, call.callId, {
    CallSid: call.sid,
    CallStatus: 'completed',
    CallDuration: seconds,
  });
  return call.row();
}

describe('transfer_call on Twilio', () => {
  it('cold: the live call is updated with a <Dial> to the number, the agent leaves, and the whole bridged time is charged', async () => {
    const call = await liveCall({ replies: ['Hello.'], body: { max_duration: 10 } });
    await call.run(400);
    const { surface, said, requests } = await surfaceOf(call, { number: SALES, mode: 'cold' });
    expect(transferCall.specs(surface.call).map((s) => s.name)).toEqual(['transfer_call']);

    const outcome = await transferCall.run({ name: 'transfer_call', input: {} }, surface);
    expect(outcome).toMatchObject({ line: `transferred to ${SALES} (cold)`, next: 'leave' });
    expect(said).toEqual(["Please hold, I'm connecting you to a colleague now."]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', sid: call.sid });
    expect(requests[0]!.form.Twiml).toMatch(
      new RegExp(
        `<Dial callerId="\\+15005550006" timeLimit="\\d+"><Number>\\${SALES}</Number></Dial>`,
      ),
    );

    // The person and the caller talk for five minutes after the agent left.
    const ended = await finalCallback(call, 300);
    expect(ended).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'TRANSFER',
      transferredTo: SALES,
      durationMs: 300_000,
      priceMicros: callCostMicros(300_000, TEST_CALL_SETTINGS.pricePerMinuteMicros),
    });
    expect(ended.transferredAt).toBeInstanceOf(Date);
  });

  it('warm: the person is rung into a conference and told who calls and why, then the caller joins; both legs are billed', async () => {
    const call = await liveCall({ replies: ['Hello.'], body: { max_duration: 10 } });
    await call.run(400);
    const { surface, said, requests } = await surfaceOf(
      call,
      { list: { sales: SALES, support: SUPPORT }, mode: 'warm' },
      'in-progress',
    );
    const spec = transferCall.specs(surface.call)[0]!;
    expect(spec.parameters).toMatchObject({ properties: { to: { enum: ['sales', 'support'] } } });

    const outcome = await transferCall.run(
      { name: 'transfer_call', input: { to: 'support' } },
      surface,
    );
    expect(outcome).toMatchObject({
      next: 'leave',
      line: `transferred to support (${SUPPORT}) (warm)`,
    });
    expect(said).toEqual(['Please hold while I reach support.']);
    const room = `transfer-${call.callId}`;
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', 'Calls.json'],
      ['GET', 'Calls/CAleg1.json'],
      ['POST', `Calls/${call.sid}.json`],
    ]);
    const leg = requests[0]!.form;
    expect(leg).toMatchObject({ To: SUPPORT, From: '+15005550006', Timeout: '25' });
    expect(leg.Twiml).toContain('<Say>Hello, this is an AI assistant transferring a call to you.');
    expect(leg.Twiml).toContain('I would like to upgrade my plan.');
    expect(leg.Twiml).toContain(`${room}</Conference>`);
    expect(requests[2]!.form.Twiml).toContain(`${room}</Conference>`);
    expect(requests[2]!.form.Twiml).not.toContain('<Say>');

    // The person's leg is a carrier call of its own, billed too: Twilio has its duration.
    expect((await call.row()).lineState).toMatchObject({ transferLeg: { sid: 'CAleg1' } });
    standIn!.state.legStatus = 'completed';
    standIn!.state.legDuration = '150';
    const ended = await finalCallback(call, 240, standIn!.carrier);
    expect(requests.at(-1)).toMatchObject({ method: 'GET', path: 'Calls/CAleg1.json' });
    expect(ended).toMatchObject({
      callEndedBy: 'TRANSFER',
      transferredTo: SUPPORT,
      durationMs: 240_000,
      lineState: { transferLeg: { sid: 'CAleg1', billedMs: 150_000 } },
      // Four minutes of the caller's leg and three of the person's.
      priceMicros: 7 * TEST_CALL_SETTINGS.pricePerMinuteMicros,
    });
  });

  it("warm: the person's leg still up when the caller's call reports its end is billed until then, and never past the hold", async () => {
    const call = await liveCall({ replies: ['Hello.'], body: { max_duration: 5 } });
    await call.run(400);
    const { surface } = await surfaceOf(call, { number: SALES, mode: 'warm' }, 'in-progress');
    const outcome = await transferCall.run({ name: 'transfer_call', input: {} }, surface);
    expect(outcome.next).toBe('leave');
    const held = (await call.row()).heldMicros!;
    expect(held).toBe(5 * TEST_CALL_SETTINGS.pricePerMinuteMicros);

    // Four minutes bridged; Twilio does not have the leg's duration yet (still in progress).
    await call.clock.advance(240_000);
    const ended = await finalCallback(call, 250, standIn!.carrier);
    expect(ended.lineState).toMatchObject({ transferLeg: { billedMs: 240_000 } });
    // 5 minutes of the caller's leg and 4 of the person's: the call's hold of 5 minutes pays it.
    expect(ended.priceMicros).toBe(held);
    const [org] = await call.calls.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, call.orgId));
    expect(org!.heldMicros).toBe(0);
  });

  it('warm, the caller not moved: the answered leg is hung up and still billed, and a second transfer bills its own', async () => {
    const call = await liveCall({ replies: ['Hello.'], body: { max_duration: 10 } });
    await call.run(400);
    const { surface, requests } = await surfaceOf(
      call,
      { list: { sales: SALES, support: SUPPORT }, mode: 'warm' },
      'in-progress',
    );
    standIn!.state.refuseUpdatesOf = call.sid;
    allowConsoleError(/joining the transfer failed: .*Call is not in-progress/);
    const first = await transferCall.run(
      { name: 'transfer_call', input: { to: 'support' } },
      surface,
    );
    expect(first).toMatchObject({
      line: 'transfer_call: refused (the carrier could not connect the caller)',
    });
    // The person who answered is hung up (Twilio's update to completed).
    expect(requests.at(-1)).toMatchObject({ sid: 'CAleg1', form: { Status: 'completed' } });
    expect((await call.row()).lineState).toMatchObject({
      droppedLegs: [{ sid: 'CAleg1', billedMs: 1_000 }],
    });
    expect((await call.row()).lineState).not.toHaveProperty('transferLeg');

    standIn!.state.refuseUpdatesOf = undefined;
    const second = await transferCall.run(
      { name: 'transfer_call', input: { to: 'sales' } },
      { ...surface, call: await call.row() },
    );
    expect(second).toMatchObject({ next: 'leave', line: `transferred to sales (${SALES}) (warm)` });
    standIn!.state.legStatus = 'completed';
    standIn!.state.legDuration = '150';
    const ended = await finalCallback(call, 240, standIn!.carrier);
    expect(ended).toMatchObject({
      transferredTo: SALES,
      lineState: {
        transferLeg: { sid: 'CAleg2', billedMs: 150_000 },
        droppedLegs: [{ sid: 'CAleg1', billedMs: 1_000 }],
      },
      // Four minutes of the caller's leg, three of the second person's, the first one's minute.
      priceMicros: 8 * TEST_CALL_SETTINGS.pricePerMinuteMicros,
    });
  });

  it('warm, not answered: the caller is told, the call goes on with the agent', async () => {
    const call = await liveCall({ replies: ['Hello.'] });
    await call.run(400);
    const { surface, said, requests } = await surfaceOf(
      call,
      { number: SALES, mode: 'warm' },
      'no-answer',
    );
    const outcome = await transferCall.run({ name: 'transfer_call', input: {} }, surface);
    expect(outcome.next).toBeUndefined();
    expect(outcome.line).toBe(`transfer to ${SALES} not answered`);
    expect(outcome.result).toMatch(/Nobody .* answered/);
    expect(said.at(-1)).toBe("I'm sorry, a colleague isn't answering right now.");
    // The caller's own call was never touched.
    expect(requests.filter((r) => r.sid === call.sid)).toEqual([]);
    const row = await call.row();
    expect(row).toMatchObject({ queueStatus: 'started', transferredTo: null });
    expect(row.lineState).not.toHaveProperty('pendingEnding');
  });

  it('a transferred call can still be stopped by the API: it is hung up and ends by API', async () => {
    const call = await liveCall({ replies: ['Hello.'] });
    await call.run(400);
    const { surface } = await surfaceOf(call, { number: SALES, mode: 'cold' });
    await transferCall.run({ name: 'transfer_call', input: {} }, surface);
    await call.conversation.handleFrame({ event: 'stop' });
    await stopCall(call.calls, call.orgId, call.callId);
    expect(call.carrier.hungUp).toContain(call.sid);
    const ended = await finalCallback(call, 60);
    expect(ended).toMatchObject({ callEndedBy: 'API', transferredTo: SALES, durationMs: 60_000 });
  });

  it('a number put on the do-not-call list since dispatch is refused at the transfer, nothing dialled', async () => {
    const call = await liveCall({ replies: ['Hello.'] });
    const { surface, said, requests } = await surfaceOf(call, { number: SALES, mode: 'cold' });
    const rules = { countries: ['US'], denyPrefixes: [], hours: DEFAULT_HOURS };
    const ruled = {
      ...surface,
      deps: { ...surface.deps!, rules: { rules, provider: standIn!.carrier } },
    };
    await addDncNumbers(
      call.calls.db,
      { orgId: call.orgId, numbers: [SALES], source: 'import' },
      new Date(call.clock.now()),
    );
    const outcome = await transferCall.run({ name: 'transfer_call', input: {} }, ruled);
    expect(outcome.line).toMatch(/^transfer_call: refused \(.*do-not-call list/);
    expect(outcome.next).toBeUndefined();
    expect(said).toEqual([]);
    expect(requests).toEqual([]);
    expect((await call.row()).transferredTo).toBeNull();
  });

  it('an unknown label is refused without dialling', async () => {
    const call = await liveCall({ replies: ['Hello.'] });
    const { surface, requests } = await surfaceOf(call, {
      list: { sales: SALES, support: SUPPORT },
      mode: 'cold',
    });
    const outcome = await transferCall.run(
      { name: 'transfer_call', input: { to: 'billing' } },
      surface,
    );
    expect(outcome.line).toMatch(/^transfer_call: refused/);
    expect(outcome.result).toContain('sales, support');
    expect(requests).toEqual([]);
  });
});

describe('keypad', () => {
  it('press_digits plays the digits through a call update, and the reconnected stream goes on with the conversation', async () => {
    const call = await liveCall({
      replies: ['Hello.', 'Thanks, I will hold.'],
      heard: ['Press 1 for sales.'],
    });
    await call.run(600);
    await call.say(800);
    await call.until(async () => (await call.lines()).length >= 3);
    const before = await call.lines();
    const { surface, requests } = await surfaceOf(call, { number: SALES, mode: 'cold' });

    const outcome = await pressDigits.run(
      { name: 'press_digits', input: { digits: '1w2#' } },
      surface,
    );
    expect(outcome).toMatchObject({ line: 'pressed 1w2#' });
    expect(requests).toHaveLength(1);
    const twiml = requests[0]!.form.Twiml!;
    expect(requests[0]!.sid).toBe(call.sid);
    expect(twiml).toContain('<Play digits="1w2#"/>');
    expect(twiml).toContain(
      '<Connect><Stream url="wss://api.example.test/v1/telephony/twilio/media">',
    );
    expect(twiml).toContain(`<Parameter name="callId" value="${call.callId}"/>`);
    const token = /<Parameter name="token" value="([^"]+)"/.exec(twiml)![1]!;

    // Twilio ends the old stream and opens a new one with the fresh token.
    await call.conversation.handleFrame({ event: 'stop' });
    const sentBefore = call.sent.length;
    const resumed = new Conversation(call.deps, call.transport);
    await resumed.handleFrame({
      event: 'start',
      streamSid: 'MZ2',
      start: { callSid: call.sid, customParameters: { callId: call.callId, token } },
    });
    // No second greeting: the agent waits for the far end, as mid-call.
    await call.clock.advance(1_000);
    expect(call.sent.length).toBe(sentBefore);
    const asked = call.brain.asked.length;
    await resumed.handleFrame(
      parseInboundFrame(
        JSON.stringify({
          event: 'dtmf',
          streamSid: 'MZ2',
          sequenceNumber: '7',
          dtmf: { track: 'inbound_track', digit: '3' },
        }),
      )!,
    );
    expect(call.brain.asked.length).toBe(asked + 1);
    expect(call.brain.asked.at(-1)!.turns).toEqual([
      ...before.map(([user, text]) => ({ user, text })),
      { user: 'agent-action', text: 'pressed 3 (on their keypad)' },
    ]);
    await resumed.onClosed();
    const lines = await call.lines();
    expect(lines.slice(0, before.length)).toEqual(before);
    expect(lines).toContainEqual(['agent-action', 'pressed 3 (on their keypad)']);
  });

  it('the recording keeps the part after press_digits: each stream a segment, joined when the call ends', async () => {
    const call = await liveCall({ replies: ['Hello.'], body: { record: true } });
    await call.run(1_000);
    const { surface, requests } = await surfaceOf(call, { number: SALES, mode: 'cold' });
    await pressDigits.run({ name: 'press_digits', input: { digits: '2' } }, surface);
    const token = /<Parameter name="token" value="([^"]+)"/.exec(requests[0]!.form.Twiml!)![1]!;
    await call.conversation.handleFrame({ event: 'stop' });

    const resumed = new Conversation(call.deps, call.transport);
    await resumed.handleFrame({
      event: 'start',
      streamSid: 'MZ2',
      start: { callSid: call.sid, customParameters: { callId: call.callId, token } },
    });
    // A person answers the menu's choice: two seconds of the new stream, from its own time 0.
    const loud = Buffer.alloc(160, 0x10);
    for (let t = 0; t < 2_000; t += 20) {
      await resumed.handleFrame({
        event: 'media',
        media: { timestamp: t, payload: loud.toString('base64') },
      });
      await call.clock.advance(20);
    }
    await resumed.onClosed();
    const segments = await call.calls.db
      .select()
      .from(schema.callAudio)
      .where(eq(schema.callAudio.callId, call.callId))
      .orderBy(schema.callAudio.seq);
    expect(segments.map((s) => s.seq)).toEqual([0, 1]);
    // The second segment starts at its stream's start, not after a silence as long as the call so far.
    expect(segments[1]!.data.length).toBe(2_000 * 8 * 2);
    const parts = segments[0]!.data.length + segments[1]!.data.length;

    await applyCarrierStatus(call.calls, call.callId, {
      CallSid: call.sid,
      CallStatus: 'completed',
      CallDuration: 4,
    });
    const [wav] = await call.calls.db
      .select()
      .from(schema.callAudio)
      .where(eq(schema.callAudio.callId, call.callId));
    expect(wav!.seq).toBe(-1);
    expect(wav!.data.length).toBe(44 + parts);
  });

  it('a key the callee presses is a transcript line the model reads next', async () => {
    const call = await liveCall({ replies: ['Press 2 to confirm.', 'Confirmed, thank you.'] });
    await call.until(async () => (await call.lines()).length === 1);
    const frame = parseInboundFrame(
      JSON.stringify({
        event: 'dtmf',
        streamSid: 'MZ1',
        sequenceNumber: '5',
        dtmf: { track: 'inbound_track', digit: '2' },
      }),
    );
    expect(frame).toMatchObject({ event: 'dtmf', dtmf: { digit: '2' } });
    await call.conversation.handleFrame(frame!);
    await call.until(async () =>
      (await call.lines()).some(([, text]) => text === 'Confirmed, thank you.'),
    );
    expect(await call.lines()).toEqual([
      ['assistant', 'Press 2 to confirm.'],
      ['agent-action', 'pressed 2 (on their keypad)'],
      ['assistant', 'Confirmed, thank you.'],
    ]);
    expect(call.brain.asked.at(-1)!.turns.at(-1)).toEqual({
      user: 'agent-action',
      text: 'pressed 2 (on their keypad)',
    });
  });

  it('press_digits refuses what is not keypad keys and presses nothing', async () => {
    const call = await liveCall({ replies: ['Hello.'] });
    const { surface, requests } = await surfaceOf(call, { number: SALES, mode: 'cold' });
    const outcome = await pressDigits.run(
      { name: 'press_digits', input: { digits: '12a' } },
      surface,
    );
    expect(outcome.line).toMatch(/^press_digits: refused/);
    expect(requests).toEqual([]);
  });
});
