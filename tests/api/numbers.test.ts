import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AgentObject } from '@/schemas/agents';
import { CallListResponse } from '@/schemas/call-detail';
import { NumberListResponse, NumberTestCallResponse, PhoneNumberObject } from '@/schemas/numbers';
import { ADMIN_TOKEN, expectError } from '../support/http';
import {
  createTestOrg,
  serverWithOrgForFile,
  voice,
  waitForEnd,
  type ServerWithOrg,
  type TestOrg,
} from '../support/voice-api';

// Phone numbers (issue 34) on a built server and the sandbox line: buy a fictional number, assign
// an agent, ring it with the scripted caller, present it as caller ID, release it; scopes.
let { server, org } = {} as ServerWithOrg;
serverWithOrgForFile({ env: { SANDBOX_TIME_SCALE: '200' } }, 20, (started) => {
  ({ server, org } = started);
});

const api = (path: string, init: RequestInit & { json?: unknown } = {}, key = org.apiKey) =>
  voice(server.url, key, path, init);

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

describe('phone numbers on the sandbox line', () => {
  it('rents a sandbox number, answers a scripted caller with its agent, and releases it', async () => {
    const listed = NumberListResponse.parse(await (await api('/v1/numbers')).json());
    expect(listed).toEqual({ numbers: [], monthly_fee: 2 });

    const bought = await api('/v1/numbers', { json: { country: 'US', area_code: '646' } });
    expect(bought.status, await bought.clone().text()).toBe(201);
    const number = PhoneNumberObject.parse(await bought.json());
    expect(number).toMatchObject({ source: 'sandbox', sandbox: true, monthly_fee: 2 });
    expect(number.number).toMatch(/^\+164655501\d\d$/);
    const path = `/v1/numbers/${encodeURIComponent(number.number)}`;

    // No agent yet: the test call says so.
    await expectError(await api(`${path}/test-call`, { method: 'POST' }), 409, 'NO_INBOUND_AGENT');

    const agent = AgentObject.parse(
      await (
        await api('/v1/agents', {
          json: {
            name: 'Front desk',
            task: 'Answer questions about opening hours.',
            max_duration: 2,
          },
        })
      ).json(),
    );
    const patched = await api(path, {
      method: 'PATCH',
      json: { inbound_agent_id: agent.agent_id, label: 'Main line' },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await patched.json()).toMatchObject({
      inbound_agent_id: agent.agent_id,
      label: 'Main line',
    });
    // The `+` may be left out of the path.
    const bare = await api(`/v1/numbers/${number.number.slice(1)}`, {
      method: 'PATCH',
      json: { label: 'Front' },
    });
    expect(bare.status).toBe(200);

    await expectError(
      await api(`/v1/agents/${agent.agent_id}`, { method: 'DELETE' }),
      409,
      'AGENT_IN_USE',
    );

    const rung = await api(`${path}/test-call`, { method: 'POST' });
    expect(rung.status, await rung.clone().text()).toBe(201);
    const { call_id: callId } = NumberTestCallResponse.parse(await rung.json());
    const ended = await waitForEnd(server.url, org.apiKey, callId);
    expect(ended).toMatchObject({ direction: 'inbound', to: number.number, status: 'completed' });
    expect(ended.transcripts.length).toBeGreaterThan(2);
    const inbound = CallListResponse.parse(await (await api('/v1/calls?direction=inbound')).json());
    expect(inbound.calls.map((c) => c.call_id)).toEqual([callId]);

    // The number is the organization's caller ID now.
    const placed = await api('/v1/calls', {
      json: { phone_number: '+14155550123', task: 'Say hello.', from: number.number },
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const other = await createTestOrg(server.url, 20);
    await expectError(
      await api(
        '/v1/calls',
        { json: { phone_number: '+14155550123', task: 'Say hello.', from: number.number } },
        other.apiKey,
      ),
      400,
      'FROM_NOT_ALLOWED',
    );
    await expectError(await api(path, { method: 'DELETE' }, other.apiKey), 404, 'NUMBER_NOT_FOUND');

    const released = await api(path, { method: 'DELETE' });
    expect(await released.json()).toEqual({ status: 'success', number: number.number });
    expect(NumberListResponse.parse(await (await api('/v1/numbers')).json()).numbers).toEqual([]);
  });

  it('refuses a number the wallet cannot pay, and keys without the numbers scopes', async () => {
    const poor = await createTestOrg(server.url, 1);
    await expectError(
      await api('/v1/numbers', { json: { country: 'US' } }, poor.apiKey),
      402,
      'INSUFFICIENT_BALANCE',
    );
    const reader = await keyWithScopes(org, ['numbers:read']);
    expect((await api('/v1/numbers', {}, reader)).status).toBe(200);
    await expectError(
      await api('/v1/numbers', { json: { country: 'US' } }, reader),
      403,
      'INSUFFICIENT_SCOPE',
    );
    const caller = await keyWithScopes(org, ['calls:read', 'calls:write']);
    await expectError(await api('/v1/numbers', {}, caller), 403, 'INSUFFICIENT_SCOPE');
  });
});
