import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechEngine, type SpeechEngine } from '@/lib/adapters/speech-engine';
import { agentDone, answerCarrierCall, createFakeDir } from '../support/carrier-call';
import { startCarrierServer } from '../support/carrier-server';
import { eventually } from '../support/eventually';
import { expectError } from '../support/http';
import { fakeRecords, setFakeMode } from '../support/twilio-line';
import {
  createTestOrg,
  dispatch,
  getCall,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// The transfer fields over the wire on a server whose line is Twilio (the stand-in in its
// process): bad input is a 400 naming the field and nothing reaches Twilio; good input is kept,
// echoed, and documented.
let server: VoiceServer;
let org: TestOrg;
let engine: SpeechEngine;
const fakeDir = createFakeDir();

beforeAll(async () => {
  server = await startCarrierServer({ fakeDir });
  org = await createTestOrg(server.url, 20);
  engine = createSpeechEngine();
}, 120_000);
afterAll(async () => {
  if (process.env.SHOW_SERVER_LOGS) console.log(server?.logs());
  await engine?.close();
  await server?.dispose();
});

const CALLEE = '+14155550123';
const eleven = Object.fromEntries(
  Array.from({ length: 11 }, (_, i) => [`team${i}`, `+1415555${String(150 + i).padStart(4, '0')}`]),
);
const twilioCreates = () =>
  fakeRecords(fakeDir).filter((r) => r.service === 'twilio' && r.action === 'create');

describe('transfer fields on POST /v1/calls and /v1/batches', () => {
  it('refuses a transfer_list of 11 and numbers that are not E.164, naming the field; nothing is dialled', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ transfer_list: eleven }, 'transfer_list'],
      [{ transfer_phone_number: '555-0111' }, 'transfer_phone_number'],
      [{ transfer_list: { sales: '+1415' } }, 'transfer_list'],
      [{ transfer_phone_number: '+14155550111', transfer_mode: 'hot' }, 'transfer_mode'],
    ];
    for (const [fields, named] of cases) {
      const response = await voice(server.url, org.apiKey, '/v1/calls', {
        json: { phone_number: CALLEE, task: 'Help.', ...fields },
      });
      const { envelope } = await expectError(response, 400, 'INVALID_BODY', false);
      expect(envelope.error.message).toContain(named);
    }
    const batch = await voice(server.url, org.apiKey, '/v1/batches', {
      json: {
        label: 'Transfers',
        base_prompt: 'Help.',
        call_data: [{ phone_number: CALLEE }],
        call_params: { transfer_list: eleven },
      },
    });
    const { envelope } = await expectError(batch, 400, 'INVALID_BODY', false);
    expect(envelope.error.message).toContain('transfer_list');
    expect(twilioCreates()).toEqual([]);
    const list = await voice(server.url, org.apiKey, '/v1/calls');
    expect(((await list.json()) as { calls: unknown[] }).calls).toEqual([]);
  });

  it('keeps good transfer fields: echoed in request_data, no transfer yet in the detail, documented', async () => {
    const fields = {
      transfer_list: { sales: '+14155550111', support: '+14155550112' },
      transfer_mode: 'warm',
    };
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: CALLEE,
      task: 'Help.',
      ...fields,
    });
    const call = await getCall(server.url, org.apiKey, callId);
    expect(call).toMatchObject({
      request_data: fields,
      transferred_to: null,
      transferred_at: null,
    });

    const document = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const request = document.components.schemas.CallDispatchRequest!.properties;
    expect(Object.keys(request)).toEqual(
      expect.arrayContaining(['transfer_phone_number', 'transfer_list', 'transfer_mode']),
    );
    const detail = document.components.schemas.CallDetail!.properties;
    expect(detail.call_ended_by).toMatchObject({ enum: expect.arrayContaining(['TRANSFER']) });
    expect(Object.keys(detail)).toEqual(
      expect.arrayContaining(['transferred_to', 'transferred_at']),
    );
  });
});

describe('a warm transfer on a Twilio call', () => {
  it("bills both legs: the caller's call and the person's own, within the call's hold", async () => {
    const SALES = '+14155550111';
    setFakeMode(fakeDir, {
      twilio: { legStatus: 'in-progress' },
      stt: { text: 'Can I talk to a person, please?' },
      llm: { replies: [{ tool: 'transfer_call', arguments: '{}' }] },
    });
    const { callId, sid, callee, status } = await answerCarrierCall(server, org.apiKey, fakeDir, {
      phone_number: '+14155550172',
      task: 'Help with the renewal.',
      first_sentence: 'Hi, this is Ava from Acme.',
      transfer_phone_number: SALES,
      transfer_mode: 'warm',
      max_duration: 10,
    });
    await agentDone(callee);
    await callee.say(engine, 'Can I talk to a person, please?');
    // The person is rung into the call's conference, then the caller's call is moved there.
    const joined = await eventually(
      () =>
        fakeRecords(fakeDir).find(
          (r) =>
            r.service === 'twilio' &&
            r.action === 'update' &&
            r.sid === sid &&
            (r.params?.Twiml ?? '').includes('<Conference'),
        ),
      30_000,
    );
    expect(joined).toBeDefined();
    const leg = fakeRecords(fakeDir).find(
      (r) => r.service === 'twilio' && r.action === 'create' && r.params?.To === SALES,
    );
    expect(leg).toBeDefined();
    // The bridge ends: Twilio has the person's leg at 150 s, the caller's at 240 s.
    setFakeMode(fakeDir, { twilio: { legStatus: 'completed', legDuration: '150' } });
    callee.stop(sid);
    callee.close();
    expect((await status('completed', { CallDuration: '240' })).status).toBe(204);

    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({ call_ended_by: 'TRANSFER', transferred_to: SALES });
    // Four started minutes of the caller's call and three of the person's, at $0.09.
    expect(call.price).toBeCloseTo(7 * 0.09, 6);
    expect(
      fakeRecords(fakeDir).some(
        (r) => r.service === 'twilio' && r.action === 'fetch' && r.sid === leg!.sid,
      ),
    ).toBe(true);
  }, 120_000);
});
