import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentDone, createFakeDir } from '../support/carrier-call';
import { startCarrierServer } from '../support/carrier-server';
import { depositUsd } from '../support/http';
import { STAND_IN_NUMBERS } from '../support/msw/twilio-numbers';
import {
  CalleeStream,
  parseTwiml,
  signedCallback,
  TWILIO_ACCOUNT_SID,
} from '../support/twilio-line';
import {
  createTestOrg,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// An inbound call over the wire on the Twilio stand-in: a number imported from the account, its
// voice webhook signed (and forged), the media stream opened by the caller, the agent speaking,
// and the number's status callback ending and billing the call.
let server: VoiceServer;
let org: TestOrg;
const fakeDir = createFakeDir();

beforeAll(async () => {
  server = await startCarrierServer({ fakeDir });
  // A paying organization: the carrier's numbers are not rented against starting credit.
  org = await createTestOrg(server.url, 0);
  await depositUsd(server.url, org.orgId, 20);
}, 120_000);
afterAll(async () => {
  if (process.env.SHOW_SERVER_LOGS) console.log(server?.logs());
  await server?.dispose();
});

const api = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  voice(server.url, org.apiKey, path, init);

describe('an inbound call through Twilio', () => {
  it('answers a signed call with the number’s agent, refuses a forged one, and bills it', async () => {
    const number = STAND_IN_NUMBERS.held;
    const imported = await api('/v1/numbers/import', { json: { number } });
    expect(imported.status, await imported.clone().text()).toBe(201);
    const agent = (await (
      await api('/v1/agents', {
        json: { name: 'Desk', task: 'Answer the caller.', max_duration: 2 },
      })
    ).json()) as { agent_id: string };
    const path = `/v1/numbers/${encodeURIComponent(number)}`;
    expect(
      (await api(path, { method: 'PATCH', json: { inbound_agent_id: agent.agent_id } })).status,
    ).toBe(200);

    const url = `${server.url}/v1/telephony/twilio/inbound`;
    const form = {
      AccountSid: TWILIO_ACCOUNT_SID,
      CallSid: 'CAinbound0001',
      From: '+14155550123',
      To: number,
    };
    const forged = await signedCallback(url, form, { authToken: 'not-the-account-token' });
    expect(forged.status).toBe(403);

    const answered = await signedCallback(url, form);
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toMatch(/xml/);
    const twiml = parseTwiml(await answered.text());
    const callee = await CalleeStream.open(twiml.streamUrl);
    callee.start(form.CallSid, { callId: twiml.callId, token: twiml.token });
    await agentDone(callee);
    expect(callee.media.length).toBeGreaterThan(0);
    callee.stop(form.CallSid);
    callee.close();

    const done = await signedCallback(`${server.url}/v1/telephony/twilio/status`, {
      AccountSid: TWILIO_ACCOUNT_SID,
      CallSid: form.CallSid,
      CallStatus: 'completed',
      CallDuration: '20',
    });
    expect(done.status).toBe(204);
    const call = await waitForEnd(server.url, org.apiKey, twiml.callId);
    expect(call).toMatchObject({
      direction: 'inbound',
      from: '+14155550123',
      to: number,
      status: 'completed',
      price: 0.09,
    });
  });
});
