import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { getCall, serverWithOrgForFile, type ServerWithOrg, voice } from '../support/voice-api';

// One call, two doors: the create_call tool and POST /v1/calls keep the same request_data (what
// the caller sent, before defaults and trimming) and hash the same request alike, so an
// Idempotency-Key used at one door replays at the other.
let { server, org } = {} as ServerWithOrg;

serverWithOrgForFile({}, 20, (started) => {
  ({ server, org } = started);
});

async function toolClient(): Promise<Client> {
  const client = new Client({ name: 'doors-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/v1/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${org.apiKey}` } },
    }),
  );
  return client;
}

describe('create_call and POST /v1/calls', () => {
  it('keep what the caller sent as request_data, and replay each other’s idempotency key', async () => {
    const sent = { phone_number: '+14155550123', task: '  Confirm Tuesday at 3pm.  ' };
    const client = await toolClient();
    const created = await client.callTool({
      name: 'create_call',
      arguments: { ...sent, confirm: true, idempotency_key: 'doors-1' },
    });
    await client.close();
    expect(created.isError).toBeFalsy();
    const callId = (created.structuredContent as { call_id: string }).call_id;
    // As sent: the task untrimmed, no defaulted fields, no tool-only fields.
    expect((await getCall(server.url, org.apiKey, callId)).request_data).toEqual(sent);

    const again = await voice(server.url, org.apiKey, '/v1/calls', {
      json: sent,
      headers: { 'idempotency-key': 'doors-1' },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { call_id: string }).call_id).toBe(callId);
  }, 60_000);
});
