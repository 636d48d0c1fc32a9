import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentObject, AgentVersionsResponse, type AgentBody } from '@/schemas/agents';
import { CallListResponse } from '@/schemas/call-detail';
import { startCustomerApi, type CustomerApi } from '../support/customer-api';
import { expectError } from '../support/http';
import {
  startVoiceServerWithOrg,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// Saved agents with issue 33's fields (issue 34): every field of a call saved, tools' header
// values sealed in the versions and never returned (the versions' diff included), a call, a batch
// and a request override from the agent reaching the customer's API with the real header, and
// the agent's transfer numbers under the calling rules at dispatch.
let server: VoiceServer;
let org: TestOrg;
let api: CustomerApi;

beforeAll(async () => {
  api = await startCustomerApi();
  ({ server, org } = await startVoiceServerWithOrg(
    // The customer's API listens on loopback: refused unless allow-listed. No LLM: the scripted
    // brain calls each tool the task names.
    { env: { SANDBOX_TIME_SCALE: '200', WEBHOOK_ALLOW_IPS: '127.0.0.1' } },
    20,
  ));
});
afterAll(async () => {
  await api?.close();
  await server?.dispose();
});

const person = '+14155550123';
const FIRST = 'Bearer sk-agent-first-111';
const SECOND = 'Bearer sk-agent-second-222';
const REQUEST = 'Bearer sk-request-own-333';
const SECRETS = /sk-agent-first|sk-agent-second|sk-request-own/;

const bookSlot = (over: Record<string, unknown> = {}) => ({
  name: 'book_slot',
  description: 'Books a delivery slot.',
  input_schema: {
    type: 'object',
    properties: { day: { type: 'string', enum: ['tuesday', 'friday'] } },
    required: ['day'],
  },
  url: `${api.base}/book`,
  method: 'POST',
  headers: { Authorization: FIRST },
  speech: 'Let me book that for you.',
  ...over,
});

const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  voice(server.url, org.apiKey, path, init);

async function saved(response: Response, status = 200): Promise<AgentBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(text).not.toMatch(SECRETS);
  return AgentObject.parse(JSON.parse(text));
}

const patch = async (id: string, json: Record<string, unknown>) =>
  saved(await call(`/v1/agents/${id}`, { method: 'PATCH', json }));

async function dbText(sql: string, params: unknown[]): Promise<string> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return JSON.stringify((await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
}

/** The requests the customer's API got for one call. */
const requestsOf = (callId: string) => api.received.filter((r) => r.body.includes(callId));

const actions = {
  answered_by_enabled: true,
  voicemail_message: 'Hi {{name}}, please call Bright Dental back.',
  voicemail_action: 'leave_message',
  pronunciation_guide: [{ word: 'Nicola', pronunciation: 'nee-KOH-lah' }],
  keywords: ['Invisalign', 'Bright Dental'],
  block_interruptions: true,
  interruption_threshold: 600,
  temperature: 0.3,
  transfer_list: { front_desk: '+14155550111' },
  transfer_mode: 'cold',
};

describe('an agent with tools, voicemail, speech control and transfer', () => {
  let agentId = '';

  it('saves every field, showing header values as [hidden] and keeping them sealed', async () => {
    const created = await saved(
      await call('/v1/agents', {
        json: {
          name: 'Deliveries',
          task: 'Book the slot with book_slot. Then say goodbye.',
          ...actions,
          tools: [bookSlot()],
        },
      }),
      201,
    );
    agentId = created.agent_id;
    expect(created).toMatchObject({ ...actions, version: 1 });
    expect(created.tools).toEqual([
      {
        ...bookSlot(),
        headers: { Authorization: '[hidden]' },
        timeout_ms: 5_000,
      },
    ]);
    await saved(await call(`/v1/agents/${agentId}`));
    expect(await (await call('/v1/agents')).text()).not.toMatch(SECRETS);
    // Sealed where it is kept, too: neither the agent nor its version rows hold the value.
    const rows = await dbText(
      'SELECT a.settings, v.settings AS version FROM agents a JOIN agent_versions v ON v.agent_id = a.id WHERE a.id = $1',
      [agentId],
    );
    expect(rows).toContain('sealed_headers');
    expect(rows).not.toMatch(SECRETS);

    // The agent as read, sent back as it is: the saved values stay, and nothing changed.
    const same = await patch(agentId, { tools: created.tools });
    expect(same.version).toBe(1);
  });

  it('changes a header value as a new version whose reads and diff never show either value', async () => {
    const changed = await patch(agentId, {
      tools: [bookSlot({ headers: { Authorization: SECOND } })],
    });
    expect(changed.version).toBe(2);
    const versionsText = await (await call(`/v1/agents/${agentId}/versions`)).text();
    expect(versionsText).not.toMatch(SECRETS);
    const [v2, v1] = AgentVersionsResponse.parse(JSON.parse(versionsText)).versions;
    // The diff compares what the reads show: the hidden values look alike.
    expect(v2!.tools).toEqual(v1!.tools);
    expect(v2!.tools![0]!.headers).toEqual({ Authorization: '[hidden]' });

    // A tool sent without headers keeps them; one sent as [hidden] with nothing saved is refused.
    const { headers: _headers, ...withoutHeaders } = bookSlot({ speech: 'One moment.' });
    expect((await patch(agentId, { tools: [withoutHeaders] })).version).toBe(3);
    const unknown = await expectError(
      await call(`/v1/agents/${agentId}`, {
        method: 'PATCH',
        json: { tools: [bookSlot({ headers: { 'X-Other': '[hidden]' } })] },
      }),
      400,
      'INVALID_BODY',
    );
    expect(unknown.envelope.error.field).toBe('tools.0.headers.X-Other');
    const fresh = await expectError(
      await call('/v1/agents', {
        json: { name: 'Copy', task: 'Call.', tools: [bookSlot({ headers: { A: '[hidden]' } })] },
      }),
      400,
      'INVALID_BODY',
    );
    expect(fresh.envelope.error.field).toBe('tools.0.headers.A');

    const audit = await (await call('/v1/audit-log?limit=200')).text();
    expect(audit).toContain(agentId);
    expect(audit).not.toMatch(SECRETS);
    expect(audit).not.toContain('sealed_headers');
  });

  it('refuses, at save, voicemail fields without detection and a transfer mode without a number', async () => {
    for (const [fields, field] of [
      [{ voicemail_message: 'Call back.' }, 'voicemail_message'],
      [{ transfer_mode: 'warm' }, 'transfer_mode'],
      [{ tools: [bookSlot({ url: 'https://10.0.0.7/book' })] }, 'tools.0.url'],
    ] as const) {
      const refused = await expectError(
        await call('/v1/agents', { json: { name: 'Bad', task: 'Call.', ...fields } }),
        400,
        'INVALID_BODY',
      );
      expect(refused.envelope.error.field).toBe(field);
    }
  });

  it('gives a call from the agent its tool with the real header value of the current version', async () => {
    const response = await call('/v1/calls', {
      json: { phone_number: person, agent_id: agentId, request_data: { name: 'Ada' } },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { call_id: callId } = (await response.json()) as { call_id: string };
    const ended = await waitForEnd(server.url, org.apiKey, callId);
    expect(ended).toMatchObject({ agent_id: agentId, agent_version: 3 });
    expect(ended.tool_calls).toMatchObject([{ name: 'book_slot', status: 'ok', http_status: 200 }]);
    const [request] = requestsOf(callId);
    expect(request?.path).toBe('/book');
    expect(request?.headers.authorization).toBe(SECOND);
    expect(JSON.stringify(ended)).not.toMatch(SECRETS);
  });

  it('lets a request’s own tools replace the agent’s, headers and all', async () => {
    const response = await call('/v1/calls', {
      json: {
        phone_number: person,
        agent_id: agentId,
        tools: [bookSlot({ url: `${api.base}/own`, headers: { Authorization: REQUEST } })],
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { call_id: callId } = (await response.json()) as { call_id: string };
    const ended = await waitForEnd(server.url, org.apiKey, callId);
    expect(requestsOf(callId).map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/own', REQUEST],
    ]);
    expect(JSON.stringify(ended)).not.toMatch(SECRETS);
  });

  it('gives each call of a batch from the agent the tool with its real header', async () => {
    const response = await call('/v1/batches', {
      json: { agent_id: agentId, label: 'Agent tools', call_data: [{ phone_number: person }] },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { batch_id: batchId } = (await response.json()) as { batch_id: string };
    const listed = CallListResponse.parse(
      await (await call(`/v1/calls?batch_id=${batchId}`)).json(),
    );
    const callId = listed.calls[0]!.call_id;
    await waitForEnd(server.url, org.apiKey, callId);
    expect(requestsOf(callId).map((r) => r.headers.authorization)).toEqual([SECOND]);
  });
});

describe('an agent’s transfer numbers and voicemail under a call', () => {
  it('pass the calling rules at dispatch, unless the request names its own', async () => {
    const listed = '+14155550177';
    const dnc = await call('/v1/dnc', { json: { numbers: [listed], reason: 'asked' } });
    expect(dnc.status, await dnc.clone().text()).toBe(200);
    const agent = await saved(
      await call('/v1/agents', {
        json: { name: 'Transfers', task: 'Ask about the renewal.', transfer_phone_number: listed },
      }),
      201,
    );
    const before = CallListResponse.parse(await (await call('/v1/calls?limit=1000')).json()).count;
    const refused = await expectError(
      await call('/v1/calls', {
        json: { phone_number: '+14155550107', agent_id: agent.agent_id },
      }),
      409,
      'NUMBER_ON_DNC_LIST',
      false,
    );
    expect(refused.envelope.error.field).toBe('transfer_phone_number');
    await expectError(
      await call('/v1/batches', {
        json: { agent_id: agent.agent_id, label: 'x', call_data: [{ phone_number: person }] },
      }),
      409,
      'NUMBER_ON_DNC_LIST',
      false,
    );
    const after = CallListResponse.parse(await (await call('/v1/calls?limit=1000')).json()).count;
    expect(after).toBe(before);

    // The request's number replaces the agent's: the callee who asks for a person reaches it.
    const response = await call('/v1/calls', {
      json: {
        phone_number: '+14155550107',
        agent_id: agent.agent_id,
        transfer_phone_number: '+14155550111',
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { call_id: callId } = (await response.json()) as { call_id: string };
    const ended = await waitForEnd(server.url, org.apiKey, callId);
    expect(ended).toMatchObject({ transferred_to: '+14155550111', call_ended_by: 'TRANSFER' });
  });

  it('drops the agent’s voicemail fields when the request turns detection off', async () => {
    const agent = await saved(
      await call('/v1/agents', {
        json: {
          name: 'Voicemail',
          task: 'Say hello.',
          ...actions,
          transfer_list: null,
          transfer_mode: null,
        },
      }),
      201,
    );
    const response = await call('/v1/calls', {
      json: { phone_number: person, agent_id: agent.agent_id, answered_by_enabled: false },
    });
    expect(response.status, await response.clone().text()).toBe(200);
  });
});
