import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCarrierServer } from '../support/carrier-server';
import { eventually } from '../support/eventually';
import {
  CalleeStream,
  signedCallback,
  TWILIO_ACCOUNT_SID,
  dialledCall,
  hangUpsOf,
} from '../support/twilio-line';
import {
  createTestOrg,
  dispatch,
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
// whichever of two instances gets it, in whichever order the stop and the callback come.
let first: VoiceServer;
let second: VoiceServer;
let org: TestOrg;
const fakeDir = mkdtempSync(join(tmpdir(), 'voice-fake-'));

beforeAll(async () => {
  first = await startCarrierServer({ fakeDir });
  second = await startCarrierServer({ fakeDir, shareWith: first });
  org = await createTestOrg(first.url, 20);
}, 120_000);
afterAll(async () => {
  if (process.env.SHOW_SERVER_LOGS) console.log(first?.logs(), second?.logs());
  await second?.stop();
  await first?.dispose();
});

const hangUps = (sid: string) => hangUpsOf(fakeDir, sid);

/** A call dialled through the stand-in, answered, its agent talking on the media stream. */
async function liveCall(phone: string) {
  const callId = await dispatch(first.url, org.apiKey, {
    phone_number: phone,
    task: TASK,
    first_sentence: 'Hello, this is Ava from Bright Dental.',
    max_duration: 5,
  });
  const { sid, twiml } = await dialledCall(fakeDir, callId);
  const callback = (server: VoiceServer) =>
    `${server.url}/v1/telephony/twilio/status?call_id=${callId}`;
  const status = (server: VoiceServer, callStatus: string, extra: Record<string, string> = {}) =>
    signedCallback(callback(server), {
      AccountSid: TWILIO_ACCOUNT_SID,
      CallSid: sid,
      CallStatus: callStatus,
      ...extra,
    });
  expect((await status(first, 'in-progress')).status).toBe(204);
  const callee = await CalleeStream.open(twiml.streamUrl);
  callee.start(sid, { callId, token: twiml.token });
  await eventually(() => (callee.media.length > 10 ? true : undefined), 20_000);
  return { callId, sid, callee, status };
}

const stop = (server: VoiceServer, callId: string) =>
  voice(server.url, org.apiKey, `/v1/calls/${callId}/stop`, { method: 'POST' });

describe('stopping a live carrier call', () => {
  it('hangs up at the carrier and charges the final callback’s duration, once, at another instance', async () => {
    const before = (await orgDetail(first.url, org.orgId)).wallet.balance_usd;
    const { callId, sid, callee, status } = await liveCall('+14155550131');
    const stopped = await stop(first, callId);
    expect(stopped.status).toBe(200);
    // The stand-in was told to hang up: Status=completed on this call's SID.
    const hangUp = await eventually(() => hangUps(sid)[0]);
    expect(hangUp.params).toMatchObject({ Status: 'completed' });
    // Twilio ends the stream, then sends its final callback, twice (a retry), to the other instance.
    callee.stop(sid);
    callee.close();
    const answers = await Promise.all([
      status(second, 'completed', { CallDuration: '65' }),
      status(second, 'completed', { CallDuration: '65' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([204, 204]);
    const call = await waitForEnd(second.url, org.apiKey, callId);
    expect(call).toMatchObject({
      queue_status: 'complete',
      call_ended_by: 'API',
      corrected_duration: '65',
      // Two started minutes at $0.09.
      price: 0.18,
    });
    expect(hangUps(sid)).toHaveLength(1);
    const after = (await orgDetail(first.url, org.orgId)).wallet.balance_usd;
    expect(before - after).toBeCloseTo(0.18, 6);
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
    await status(first, 'completed', { CallDuration: '121' });
    const call = await waitForEnd(first.url, org.apiKey, callId);
    expect(call).toMatchObject({ queue_status: 'complete', call_ended_by: 'API', price: 0.27 });
    expect(hangUps(sid)).toHaveLength(1);
  }, 60_000);

  it('keeps the callee’s own hang-up when the final callback comes before the stop', async () => {
    const { callId, sid, callee, status } = await liveCall('+14155550133');
    callee.stop(sid);
    callee.close();
    await status(second, 'completed', { CallDuration: '30' });
    const ended = await waitForEnd(first.url, org.apiKey, callId);
    const late = await stop(first, callId);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { code: 'CALL_NOT_ACTIVE' } });
    expect(hangUps(sid)).toHaveLength(0);
    expect(ended).toMatchObject({ queue_status: 'complete', call_ended_by: 'USER', price: 0.09 });
    expect(await getCall(first.url, org.apiKey, callId)).toMatchObject({ price: 0.09 });
  }, 60_000);
});
