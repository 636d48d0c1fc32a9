// What reaches PostgreSQL: text it cannot store is a 400 naming the field (one shared schema
// check, not a failed insert), and a call's request_data is what the caller sent.
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, expectError } from '../support/http';
import {
  dispatch,
  getCall,
  serverWithOrgForFile,
  type ServerWithOrg,
  voice,
} from '../support/voice-api';

let { server, org } = {} as ServerWithOrg;

serverWithOrgForFile({ env: { SANDBOX_TIME_SCALE: '200' } }, 10, (started) => {
  ({ server, org } = started);
});

const NUL = '\\u0000';
// A lone surrogate can only arrive as a JSON escape (a UTF-8 encoder replaces it).
const LONE = '\\ud800';

/** A JSON body written by hand, so `\u0000` and `\ud800` escapes reach the server as sent. */
function post(path: string, json: string, auth = `Bearer ${org.apiKey}`) {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: json,
  });
}

async function expectRefused(response: Response, field: string, code = 'INVALID_BODY') {
  const { envelope } = await expectError(response, 400, code);
  expect(envelope.error.field).toBe(field);
  expect(envelope.error.message).toMatch(/NUL|surrogate/);
}

describe('text Postgres cannot store is refused, naming the field', () => {
  it.each([NUL, LONE])('POST /v1/audio/shares text with %s', async (bad) => {
    await expectRefused(
      await post('/v1/audio/shares', `{"text":"hello${bad}there","voice":"en-us"}`),
      'text',
    );
  });

  it('POST /v1/audio/shares voice with NUL', async () => {
    await expectRefused(
      await post('/v1/audio/shares', `{"text":"hi","voice":"en${NUL}"}`),
      'voice',
    );
  });

  it.each<[string, string, string]>([
    ['/v1/calls', `{"phone_number":"+14155550123","task":"Say hi${LONE}"}`, 'task'],
    [
      '/v1/calls',
      `{"phone_number":"+14155550123","task":"Say hi","metadata":{"a":["x${NUL}"]}}`,
      'metadata',
    ],
    [
      '/v1/calls',
      `{"phone_number":"+14155550123","task":"Say hi","request_data":{"k${LONE}":1}}`,
      'request_data',
    ],
    [
      '/v1/batches',
      `{"base_prompt":"Hi","label":"L${LONE}","call_data":[{"phone_number":"+14155550123"}]}`,
      'label',
    ],
    [
      '/v1/batches',
      `{"base_prompt":"Hi","label":"L","call_data":[{"phone_number":"+14155550123","n":"${NUL}"}]}`,
      'call_data.0',
    ],
    ['/v2/tts', `{"text":"hi${NUL}","voice":"en-us"}`, 'text'],
    ['/v1/speak', `{"text":"hi","voice_id":"en${LONE}"}`, 'voice_id'],
    ['/v2/audio/speech', `{"model":"btts-3","input":"hi${NUL}","voice":"en-us"}`, 'input'],
    ['/v1/voices/en-us/preview', `{"text":"hi${LONE}"}`, 'text'],
  ])('POST %s → %s', async (path, json, field) => {
    await expectRefused(await post(path, json), field);
  });

  it('POST /internal/orgs name', async () => {
    await expectRefused(
      await post('/internal/orgs', `{"name":"Acme${NUL}"}`, `Bearer ${ADMIN_TOKEN}`),
      'name',
    );
  });

  it('GET /v1/calls with a NUL in the cursor is an INVALID_QUERY', async () => {
    // Refused by the cursor's documented alphabet before anything reads it.
    const response = await voice(server.url, org.apiKey, '/v1/calls?cursor=a%00');
    const { envelope } = await expectError(response, 400, 'INVALID_QUERY');
    expect(envelope.error.field).toBe('cursor');
    expect(envelope.error.message).toMatch(/not a cursor we gave/);
  });

  it('a surrogate pair (an emoji) is ordinary text', async () => {
    const response = await post('/v1/audio/shares', `{"text":"hi \\ud83d\\ude00","voice":"en-us"}`);
    expect(response.status).toBe(201);
  });

  it('left nothing in the log but refusals', () => {
    expect(server.logs()).not.toMatch(/INTERNAL_ERROR|Failed query/);
  });
});

describe("a call's request_data is the original request parameters", () => {
  it('a single call: the known dispatch parameters exactly as sent', async () => {
    const sent = {
      phone_number: '+1 415 555 0123',
      task: '  Confirm the booking for {{day}}.  ',
      record: false,
      max_duration: null,
      request_data: { day: 'Friday' },
      not_a_parameter: 'ignored',
    };
    const call = await getCall(
      server.url,
      org.apiKey,
      await dispatch(server.url, org.apiKey, sent),
    );
    const { not_a_parameter: _ignored, ...known } = sent;
    expect(call.request_data).toEqual(known);
    expect(call.to).toBe('+14155550123');
  });

  it('a single call sent without request_data still has an object', async () => {
    const sent = { phone_number: '+14155550123', task: 'Say hello.' };
    const call = await getCall(
      server.url,
      org.apiKey,
      await dispatch(server.url, org.apiKey, sent),
    );
    expect(call.request_data).toEqual(sent);
  });

  it('a batch call: its row, on the call and in the batch call_data', async () => {
    const row = { phone_number: '+14155550123', name: 'Bo' };
    const created = await voice(server.url, org.apiKey, '/v1/batches', {
      json: { base_prompt: 'Greet {{name}}.', label: 'rd', call_data: [row] },
    });
    expect(created.status).toBe(200);
    const { batch_id } = (await created.json()) as { batch_id: string };
    const batch = (await (
      await voice(server.url, org.apiKey, `/batch?batch_id=${batch_id}`)
    ).json()) as { call_data: { call_id: string; request_data: unknown }[] };
    expect(batch.call_data[0]!.request_data).toEqual(row);
    const call = await getCall(server.url, org.apiKey, batch.call_data[0]!.call_id);
    expect(call.request_data).toEqual(row);
  });
});
