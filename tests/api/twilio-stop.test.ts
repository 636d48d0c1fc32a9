import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCarrierCall, createFakeDir } from '../support/carrier-call';
import { createRunningClockFile, FIXED_CLOCK_PRELOAD } from '../support/clock-file';
import { startCarrierServer } from '../support/carrier-server';
import { eventually } from '../support/eventually';
import { hangUpsOf } from '../support/twilio-line';
import { startWebhookReceiver } from '../support/webhook-receiver';
import {
  createTestOrg,
  getCall,
  orgDetail,
  TASK,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// Stopping a real call while the callee is on the line: the carrier (the Twilio stand-in) is
// told to hang up, and the call is charged once for the duration of Twilio's final callback,
// whichever of two instances gets it, in whichever order the stop, max_duration and the
// callback come. Both instances read one running clock file (tests/support/fixed-clock.ts), so
// a test moves a live call past its max_duration without waiting a minute.
let first: VoiceServer;
let second: VoiceServer;
let org: TestOrg;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const fakeDir = createFakeDir();
const clock = createRunningClockFile();

beforeAll(async () => {
  const options = {
    fakeDir,
    preload: [FIXED_CLOCK_PRELOAD],
    env: { ...clock.env, WEBHOOK_ALLOW_IPS: '127.0.0.1' },
  };
  first = await startCarrierServer(options);
  second = await startCarrierServer({ ...options, shareWith: first });
  org = await createTestOrg(first.url, 20);
  receiver = await startWebhookReceiver();
}, 120_000);
afterAll(async () => {
  if (process.env.SHOW_SERVER_LOGS) console.log(first?.logs(), second?.logs());
  await receiver?.close();
  await second?.stop();
  await first?.dispose();
});

const hangUps = (sid: string) => hangUpsOf(fakeDir, sid);
const balance = async () => (await orgDetail(first.url, org.orgId)).wallet.balance_usd;

/** A call dialled at the first instance through the stand-in, answered, its agent talking. */
async function liveCall(phone: string, request: Record<string, unknown> = {}) {
  const call = await answerCarrierCall(first, org.apiKey, fakeDir, {
    phone_number: phone,
    task: TASK,
    first_sentence: 'Hello, this is Ava from Bright Dental.',
    max_duration: 5,
    ...request,
  });
  await eventually(() => (call.callee.media.length > 10 ? true : undefined), 20_000);
  return call;
}

const stop = (server: VoiceServer, callId: string) =>
  voice(server.url, org.apiKey, `/v1/calls/${callId}/stop`, { method: 'POST' });

describe('stopping a live carrier call', () => {
  it('hangs up at the carrier and charges the final callback’s duration, once, at another instance', async () => {
    const before = await balance();
    const { callId, sid, callee, completedTwice } = await liveCall('+14155550131');
    const stopped = await stop(first, callId);
    expect(stopped.status).toBe(200);
    // The stand-in was told to hang up: Status=completed on this call's SID.
    const hangUp = await eventually(() => hangUps(sid)[0]);
    expect(hangUp.params).toMatchObject({ Status: 'completed' });
    // Twilio ends the stream, then sends its final callback, twice (a retry), to the other instance.
    callee.stop(sid);
    callee.close();
    await completedTwice(65, second);
    const call = await waitForEnd(second.url, org.apiKey, callId);
    expect(call).toMatchObject({
      queue_status: 'complete',
      call_ended_by: 'API',
      corrected_duration: '65',
      // Two started minutes at $0.09.
      price: 0.18,
    });
    expect(hangUps(sid)).toHaveLength(1);
    expect(before - (await balance())).toBeCloseTo(0.18, 6);
  }, 60_000);

  it('through the stop_call tool, racing a stop at the other instance: one hang-up, one charge', async () => {
    const { callId, sid, callee, status } = await liveCall('+14155550132');
    const client = new Client({ name: 'stop-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${second.url}/v1/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${org.apiKey}` } },
      }),
    );
    const [tool, rest] = await Promise.all([
      client.callTool({ name: 'stop_call', arguments: { call_id: callId } }),
      stop(first, callId),
    ]);
    await client.close();
    expect(tool.isError).toBeFalsy();
    expect(rest.status).toBe(200);
    await eventually(() => hangUps(sid)[0]);
    callee.stop(sid);
    callee.close();
    await status('completed', { CallDuration: '121' });
    const call = await waitForEnd(first.url, org.apiKey, callId);
    expect(call).toMatchObject({ queue_status: 'complete', call_ended_by: 'API', price: 0.27 });
    expect(hangUps(sid)).toHaveLength(1);
  }, 60_000);

  it('keeps the callee’s own hang-up when the final callback comes before the stop', async () => {
    const { callId, sid, callee, status } = await liveCall('+14155550133');
    callee.stop(sid);
    callee.close();
    await status('completed', { CallDuration: '30' }, second);
    const ended = await waitForEnd(first.url, org.apiKey, callId);
    const late = await stop(first, callId);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { code: 'CALL_NOT_ACTIVE' } });
    expect(hangUps(sid)).toHaveLength(0);
    expect(ended).toMatchObject({ queue_status: 'complete', call_ended_by: 'USER', price: 0.09 });
    expect(await getCall(first.url, org.apiKey, callId)).toMatchObject({ price: 0.09 });
  }, 60_000);
});

describe('a stop racing max_duration', () => {
  /**
   * A one-minute call, stopped at the other instance and carried past its minute in the order
   * `race` sets; Twilio then closes the stream and sends its final callback, twice, to the
   * other instance. Whatever the order: one hang-up, one charge, one webhook.
   */
  async function stopAndExpire(
    phone: string,
    race: (call: { sid: string; stop: () => Promise<void>; expire: () => void }) => Promise<void>,
  ) {
    const before = await balance();
    const { callId, sid, callee, completedTwice } = await liveCall(phone, {
      max_duration: 1,
      webhook: receiver.url,
    });
    await race({
      sid,
      stop: async () => {
        // Whichever came first, the stop holds: the call is hanging up.
        expect((await stop(second, callId)).status).toBe(200);
      },
      expire: () => clock.advance(60_000),
    });
    await eventually(() => hangUps(sid)[0]);
    callee.stop(sid);
    callee.close();
    await completedTwice(61, second);
    const call = await waitForEnd(second.url, org.apiKey, callId);
    // Charged once: 61 s is two started minutes, but the call held its max_duration, one
    // minute at $0.09, and is never charged more than it held.
    expect(call).toMatchObject({ queue_status: 'complete', corrected_duration: '61', price: 0.09 });
    expect(before - (await balance())).toBeCloseTo(0.09, 6);
    expect(hangUps(sid)).toHaveLength(1);
    const deliveries = await eventually(() => {
      const mine = receiver.received.filter((r) => r.body.includes(callId));
      return mine.length > 0 ? mine : undefined;
    });
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({
      type: 'call.completed',
      data: { call_id: callId, call_ended_by: call.call_ended_by, price: 0.09 },
    });
    // The call ended once: no second delivery follows the first.
    expect(await getCall(second.url, org.apiKey, callId)).toMatchObject({ price: 0.09 });
    expect(receiver.received.filter((r) => r.body.includes(callId))).toHaveLength(1);
    return call;
  }

  it('ends by max_duration when the minute ran out before the stop', async () => {
    const call = await stopAndExpire('+14155550134', async ({ sid, stop, expire }) => {
      expire();
      // The live call's own timer hung up first; the stop comes while that hang-up is pending.
      await eventually(() => hangUps(sid)[0]);
      await stop();
    });
    expect(call.call_ended_by).toBe('MAX_DURATION');
  }, 60_000);

  it('ends by the API when the stop came before the minute ran out', async () => {
    const call = await stopAndExpire('+14155550135', async ({ sid, stop, expire }) => {
      await stop();
      await eventually(() => hangUps(sid)[0]);
      // The minute runs out while the carrier is hanging up: no second hang-up, no new reason.
      expire();
    });
    expect(call.call_ended_by).toBe('API');
  }, 60_000);

  it('ends once, for one of the two, when they come at the same moment', async () => {
    const call = await stopAndExpire('+14155550136', async ({ stop, expire }) => {
      await Promise.all([stop(), Promise.resolve().then(expire)]);
    });
    expect(['API', 'MAX_DURATION']).toContain(call.call_ended_by);
  }, 60_000);
});
