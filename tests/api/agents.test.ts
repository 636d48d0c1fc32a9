import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AgentListResponse, AgentObject, AgentVersionsResponse } from '@/schemas/agents';
import { BatchResponse } from '@/schemas/batches';
import { CallListResponse } from '@/schemas/call-detail';
import { ADMIN_TOKEN, expectError } from '../support/http';
import {
  createTestOrg,
  getCall,
  serverWithOrgForFile,
  voice,
  waitForEnd,
  type ServerWithOrg,
  type TestOrg,
} from '../support/voice-api';

// Saved agents (issue 34) on a built server: versions, a call and a batch from an agent with and
// without overrides, the persona_id alias, the tool server's create_call, scopes and other orgs.
let { server, org } = {} as ServerWithOrg;
serverWithOrgForFile({ env: { SANDBOX_TIME_SCALE: '200' } }, 20, (started) => {
  ({ server, org } = started);
});

const person = '+14155550123';
const UNKNOWN = '0b0e5a1c-7d3f-4c2a-9e8b-5f6a7b8c9d0e';

const api = (path: string, init: RequestInit & { json?: unknown } = {}, key = org.apiKey) =>
  voice(server.url, key, path, init);

async function createAgent(body: Record<string, unknown>, key = org.apiKey) {
  const response = await api('/v1/agents', { json: body }, key);
  expect(response.status, await response.clone().text()).toBe(201);
  return AgentObject.parse(await response.json());
}

async function patchAgent(id: string, body: Record<string, unknown>) {
  const response = await api(`/v1/agents/${id}`, { method: 'PATCH', json: body });
  expect(response.status, await response.clone().text()).toBe(200);
  return AgentObject.parse(await response.json());
}

async function dispatchOk(body: Record<string, unknown>, key = org.apiKey): Promise<string> {
  const response = await api('/v1/calls', { json: body }, key);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { call_id: string }).call_id;
}

/** What the call row holds that the API does not show: the task it plays. */
async function storedTask(callId: string): Promise<string> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ task: string }>('SELECT task FROM calls WHERE id = $1', [
      callId,
    ]);
    return rows[0]!.task;
  } finally {
    await client.end();
  }
}

async function callCount(key = org.apiKey): Promise<number> {
  const response = await api('/v1/calls?limit=1000', {}, key);
  return CallListResponse.parse(await response.json()).count;
}

/** Another API key of the org, limited to `scopes` (as the console makes them). */
async function keyWithScopes(target: TestOrg, scopes: string[]): Promise<string> {
  const issued = (await fetch(`${server.url}/internal/orgs/${target.orgId}/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  }).then((r) => r.json())) as { key_id: string; api_key: string };
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query('UPDATE api_keys SET scopes = $1 WHERE id = $2', [scopes, issued.key_id]);
  await client.end();
  return issued.api_key;
}

const reminder = {
  name: 'Appointment reminders',
  task: 'Remind {{name}} of the dental appointment on {{day}}.',
  first_sentence: 'Hello {{name}}, this is Bright Dental.',
  max_duration: 3,
  record: true,
  metadata: { team: 'front desk' },
  language: 'en-US',
};

describe('saved agents', () => {
  it('are created at version 1, changed into new versions, and keep every old version', async () => {
    const created = await createAgent(reminder);
    expect(created).toMatchObject({
      ...reminder,
      version: 1,
      voice: null,
      wait_for_greeting: null,
      end_of_turn: null,
      webhook: null,
    });
    const read = await api(`/v1/agents/${created.agent_id}`);
    expect(AgentObject.parse(await read.json())).toEqual(created);

    const renamed = await patchAgent(created.agent_id, {
      name: 'Reminders',
      voice: 'ava',
      record: null,
    });
    expect(renamed).toMatchObject({
      version: 2,
      name: 'Reminders',
      voice: 'ava',
      record: null,
      task: reminder.task,
      max_duration: 3,
    });
    // The same values again change nothing: no new version.
    expect((await patchAgent(created.agent_id, { voice: 'ava' })).version).toBe(2);
    const third = await patchAgent(created.agent_id, {
      end_of_turn: { min_ms: 300, max_ms: 1200 },
    });
    expect(third).toMatchObject({ version: 3, end_of_turn: { min_ms: 300, max_ms: 1200 } });

    const versions = AgentVersionsResponse.parse(
      await (await api(`/v1/agents/${created.agent_id}/versions`)).json(),
    );
    expect(versions.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(versions.versions[2]).toMatchObject({
      name: reminder.name,
      record: true,
      voice: null,
      end_of_turn: null,
    });
    expect(versions.versions[1]).toMatchObject({ name: 'Reminders', voice: 'ava', record: null });
    const paged = AgentVersionsResponse.parse(
      await (await api(`/v1/agents/${created.agent_id}/versions?limit=2`)).json(),
    );
    expect(paged.versions.map((v) => v.version)).toEqual([3, 2]);
    const rest = AgentVersionsResponse.parse(
      await (
        await api(`/v1/agents/${created.agent_id}/versions?limit=2&cursor=${paged.next_cursor}`)
      ).json(),
    );
    expect(rest.versions.map((v) => v.version)).toEqual([1]);
    expect(rest.next_cursor).toBeNull();

    const list = AgentListResponse.parse(await (await api('/v1/agents')).json());
    expect(list.agents.find((a) => a.agent_id === created.agent_id)?.version).toBe(3);

    const audit = (await (await api('/v1/audit-log?limit=200')).json()) as {
      events: { action: string; target: { id: string } | null }[];
    };
    const mine = audit.events.filter((e) => e.target?.id === created.agent_id);
    expect(mine.map((e) => e.action)).toEqual(['agent.update', 'agent.update', 'agent.create']);
  });

  it('refuse bad input with the envelope and save nothing', async () => {
    const before = AgentListResponse.parse(await (await api('/v1/agents?limit=100')).json());
    await expectError(
      await api('/v1/agents', { json: { ...reminder, name: 'x'.repeat(101) } }),
      400,
      'INVALID_BODY',
    );
    const noTask = await expectError(
      await api('/v1/agents', { json: { name: 'No task' } }),
      400,
      'INVALID_BODY',
    );
    expect(noTask.envelope.error.field).toBe('task');
    await expectError(
      await api('/v1/agents', { json: { ...reminder, max_duration: 500 } }),
      400,
      'INVALID_BODY',
    );
    const privateHook = await expectError(
      await api('/v1/agents', { json: { ...reminder, webhook: 'http://127.0.0.1/hook' } }),
      400,
      'INVALID_BODY',
    );
    expect(privateHook.envelope.error.field).toBe('webhook');
    const after = AgentListResponse.parse(await (await api('/v1/agents?limit=100')).json());
    expect(after.agents.length).toBe(before.agents.length);

    const agent = await createAgent(reminder);
    const taskNull = await expectError(
      await api(`/v1/agents/${agent.agent_id}`, { method: 'PATCH', json: { task: null } }),
      400,
      'INVALID_BODY',
    );
    expect(taskNull.envelope.error.field).toBe('task');
    await expectError(await api(`/v1/agents/${UNKNOWN}`), 404, 'AGENT_NOT_FOUND');
    await expectError(
      await api(`/v1/agents/${UNKNOWN}`, { method: 'PATCH', json: { name: 'x' } }),
      404,
      'AGENT_NOT_FOUND',
    );
    await expectError(await api(`/v1/agents/${UNKNOWN}/versions`), 404, 'AGENT_NOT_FOUND');
    await expectError(await api('/v1/agents/not-a-uuid'), 404, 'NOT_FOUND');
    expect((await api(`/v1/agents/${agent.agent_id}`)).status).toBe(200);
  });
});

describe('a call from a saved agent', () => {
  it("takes the agent's settings, records agent_id and agent_version, and keeps them when the agent changes", async () => {
    const agent = await createAgent(reminder);
    const sent = {
      phone_number: person,
      agent_id: agent.agent_id,
      request_data: { name: 'Ada', day: 'Friday' },
    };
    const callId = await dispatchOk(sent);
    // A change while the call runs makes version 2; the call keeps version 1's settings.
    await patchAgent(agent.agent_id, { first_sentence: 'A new opening.', max_duration: 5 });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({
      agent_id: agent.agent_id,
      agent_version: 1,
      max_duration: 3,
      record: true,
      metadata: { team: 'front desk' },
      request_data: sent,
      status: 'completed',
    });
    // The agent's first sentence, after the calling rules' disclosures (AI; recorded, to California).
    expect(call.transcripts[0]?.text).toBe(
      'This is an automated assistant. This call is being recorded. Hello Ada, this is Bright Dental.',
    );
    expect(await storedTask(callId)).toBe('Remind Ada of the dental appointment on Friday.');
  });

  it('lets any field the request sets replace the agent’s; persona_id is the same as agent_id', async () => {
    const agent = await createAgent(reminder);
    const callId = await dispatchOk({
      phone_number: person,
      persona_id: agent.agent_id,
      task: 'Ask {{name}} whether Tuesday suits them.',
      first_sentence: 'Hi {{name}}!',
      max_duration: 1,
      metadata: { campaign: 'spring' },
      record: null,
      request_data: { name: 'Grace' },
    });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({
      agent_id: agent.agent_id,
      agent_version: 1,
      max_duration: 1,
      // null is "not set": the agent's record stays.
      record: true,
      metadata: { campaign: 'spring' },
    });
    expect(call.transcripts[0]?.text).toBe(
      'This is an automated assistant. This call is being recorded. Hi Grace!',
    );
    expect(await storedTask(callId)).toBe('Ask Grace whether Tuesday suits them.');

    const plain = await dispatchOk({ phone_number: person, task: 'Say hello.' });
    expect(await getCall(server.url, org.apiKey, plain)).toMatchObject({
      agent_id: null,
      agent_version: null,
    });
  });

  it('refuses an unknown, another org’s or a deleted agent with 404 AGENT_NOT_FOUND and creates nothing', async () => {
    const other = await createTestOrg(server.url, 20);
    const theirs = await createAgent(reminder, other.apiKey);
    const mine = await createAgent(reminder);
    const calls = await callCount();

    const unknown = await expectError(
      await api('/v1/calls', { json: { phone_number: person, agent_id: UNKNOWN } }),
      404,
      'AGENT_NOT_FOUND',
    );
    expect(unknown.envelope.error.field).toBe('agent_id');
    const alias = await expectError(
      await api('/v1/calls', { json: { phone_number: person, persona_id: theirs.agent_id } }),
      404,
      'AGENT_NOT_FOUND',
    );
    expect(alias.envelope.error.field).toBe('persona_id');
    await expectError(await api(`/v1/agents/${theirs.agent_id}`), 404, 'AGENT_NOT_FOUND');
    await expectError(
      await api(`/v1/agents/${theirs.agent_id}`, { method: 'DELETE' }),
      404,
      'AGENT_NOT_FOUND',
    );
    const listed = AgentListResponse.parse(await (await api('/v1/agents?limit=100')).json());
    expect(listed.agents.map((a) => a.agent_id)).not.toContain(theirs.agent_id);
    await expectError(
      await api('/v1/batches', {
        json: {
          agent_id: theirs.agent_id,
          label: 'Theirs',
          call_data: [{ phone_number: person }],
        },
      }),
      404,
      'AGENT_NOT_FOUND',
    );
    const twoAgents = await expectError(
      await api('/v1/calls', {
        json: { phone_number: person, agent_id: mine.agent_id, persona_id: UNKNOWN },
      }),
      400,
      'INVALID_BODY',
    );
    expect(twoAgents.envelope.error.field).toBe('persona_id');
    const noTask = await expectError(
      await api('/v1/calls', { json: { phone_number: person } }),
      400,
      'INVALID_BODY',
    );
    expect(noTask.envelope.error.field).toBe('task');

    // Deleted: gone from the API and refused to new calls; an earlier call keeps its reference.
    const before = await dispatchOk({ phone_number: person, agent_id: mine.agent_id });
    const deleted = await api(`/v1/agents/${mine.agent_id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ status: 'success', agent_id: mine.agent_id });
    await expectError(await api(`/v1/agents/${mine.agent_id}`), 404, 'AGENT_NOT_FOUND');
    await expectError(
      await api('/v1/calls', { json: { phone_number: person, agent_id: mine.agent_id } }),
      404,
      'AGENT_NOT_FOUND',
    );
    expect((await getCall(server.url, org.apiKey, before)).agent_id).toBe(mine.agent_id);
    expect(await callCount()).toBe(calls + 1);
    expect(await callCount(other.apiKey)).toBe(0);
    const audit = (await (await api('/v1/audit-log?action=agent.delete')).json()) as {
      events: { target: { id: string } }[];
    };
    expect(audit.events.map((e) => e.target.id)).toContain(mine.agent_id);
  });

  it('places a batch from an agent, call_params replacing its settings', async () => {
    const agent = await createAgent({ ...reminder, wait_for_greeting: true });
    const response = await api('/v1/batches', {
      json: {
        agent_id: agent.agent_id,
        label: 'From an agent',
        call_params: { max_duration: 2 },
        call_data: [
          { phone_number: person, name: 'Ada', day: 'Monday' },
          { phone_number: '+14155550124', name: 'Alan', day: 'Tuesday' },
        ],
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { batch_id } = (await response.json()) as { batch_id: string };
    const batch = BatchResponse.parse(
      await (await api(`/batch?batch_id=${batch_id}&include_analysis=false`)).json(),
    );
    expect(batch.batch_params.base_prompt).toBe(reminder.task);
    const calls = batch.call_data ?? [];
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call).toMatchObject({
        agent_id: agent.agent_id,
        agent_version: 1,
        max_duration: 2,
        record: true,
        metadata: { team: 'front desk' },
      });
    }
    const ada = calls.find((c) => c.to === person)!;
    expect(await storedTask(ada.call_id)).toBe('Remind Ada of the dental appointment on Monday.');
  });
});

describe('agents through the tool server and scopes', () => {
  it('create_call takes agent_id, and an unknown one is a tool error', async () => {
    const agent = await createAgent(reminder);
    const client = new Client({ name: 'agents-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/v1/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${org.apiKey}` } },
      }),
    );
    try {
      const created = await client.callTool({
        name: 'create_call',
        arguments: {
          phone_number: person,
          agent_id: agent.agent_id,
          max_duration: 2,
          request_data: { name: 'Ada', day: 'Friday' },
          confirm: true,
        },
      });
      expect(created.isError, JSON.stringify(created)).toBeFalsy();
      const callId = (created.structuredContent as { call_id: string }).call_id;
      expect(await getCall(server.url, org.apiKey, callId)).toMatchObject({
        agent_id: agent.agent_id,
        agent_version: 1,
        max_duration: 2,
        record: true,
      });
      expect(await storedTask(callId)).toBe('Remind Ada of the dental appointment on Friday.');

      const unknown = await client.callTool({
        name: 'create_call',
        arguments: { phone_number: person, agent_id: UNKNOWN, confirm: true },
      });
      expect(unknown.isError).toBe(true);
      const text = (unknown.content as { text: string }[])[0]!.text;
      expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe('AGENT_NOT_FOUND');
    } finally {
      await client.close();
    }
  });

  it('needs agents:write to save or change and agents:read to read', async () => {
    const agent = await createAgent(reminder);
    const reader = await keyWithScopes(org, ['agents:read', 'calls:read', 'calls:write']);
    const refused = await expectError(
      await api('/v1/agents', { json: reminder }, reader),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(refused.envelope.error.field).toBe('agents:write');
    await expectError(
      await api(`/v1/agents/${agent.agent_id}`, { method: 'PATCH', json: { name: 'x' } }, reader),
      403,
      'INSUFFICIENT_SCOPE',
    );
    await expectError(
      await api(`/v1/agents/${agent.agent_id}`, { method: 'DELETE' }, reader),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect((await api(`/v1/agents/${agent.agent_id}`, {}, reader)).status).toBe(200);
    // Placing a call from an agent is calls:write: the key may use the agents it can read.
    const callId = await dispatchOk({ phone_number: person, agent_id: agent.agent_id }, reader);
    expect((await getCall(server.url, org.apiKey, callId)).agent_id).toBe(agent.agent_id);

    const caller = await keyWithScopes(org, ['calls:write']);
    const blind = await expectError(
      await api(`/v1/agents/${agent.agent_id}/versions`, {}, caller),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(blind.envelope.error.field).toBe('agents:read');
    expect((await api(`/v1/agents/${agent.agent_id}`)).status).toBe(200);
  });
});
