import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDir } from '../support/carrier-call';
import { startCarrierServer } from '../support/carrier-server';
import { expectError } from '../support/http';
import { fakeRecords } from '../support/twilio-line';
import {
  createTestOrg,
  dispatch,
  getCall,
  voice,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// The transfer fields over the wire on a server whose line is Twilio (the stand-in in its
// process): bad input is a 400 naming the field and nothing reaches Twilio; good input is kept,
// echoed, and documented.
let server: VoiceServer;
let org: TestOrg;
const fakeDir = createFakeDir();

beforeAll(async () => {
  server = await startCarrierServer({ fakeDir });
  org = await createTestOrg(server.url, 20);
}, 120_000);
afterAll(async () => {
  if (process.env.SHOW_SERVER_LOGS) console.log(server?.logs());
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
