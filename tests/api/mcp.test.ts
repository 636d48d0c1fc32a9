import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallDetail } from '@/schemas/call-detail';
import { ToolErrorText } from '@/schemas/mcp';
import { expectError } from '../support/http';
import {
  createTestOrg,
  dispatch,
  startVoiceServer,
  voice,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

let server: VoiceServer;
let a: TestOrg;
let b: TestOrg;
let mcpUrl: URL;

beforeAll(async () => {
  server = await startVoiceServer({
    env: { SANDBOX_TIME_SCALE: '200', MCP_ALLOWED_ORIGINS: 'https://agent.example' },
  });
  a = await createTestOrg(server.url);
  b = await createTestOrg(server.url);
  mcpUrl = new URL('/v1/mcp', server.url);
});
afterAll(() => server?.dispose());

const TASK = 'Say hello. Ask whether Tuesday works. Thank them.';

/** The current SDK's client, speaking the 2026-07-28 revision (server/discover, no initialize). */
async function modernClient(key: string): Promise<Client> {
  const client = new Client(
    { name: 'test-agent', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl, {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

/** The v1 SDK's client: the 2025-11-25 handshake most clients in use still speak. */
async function legacyClient(key: string): Promise<V1Client> {
  const client = new V1Client({ name: 'legacy-agent', version: '1.0.0' });
  await client.connect(
    new V1Transport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
  );
  return client;
}

const structured = <T>(result: { structuredContent?: unknown }) => result.structuredContent as T;
/** A failure's JSON text (failures carry no structuredContent: issue 21). */
const toolError = (result: { content?: unknown }) =>
  ToolErrorText.parse(JSON.parse((result.content as { text: string }[])[0]!.text)).error;

describe('tools over both protocol revisions', () => {
  it('lists eleven tools with schemas, annotations and descriptions that name their cost', async () => {
    const client = await modernClient(a.apiKey);
    const { tools } = await client.listTools();
    await client.close();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        'create_batch',
        'create_call',
        'create_top_up_link',
        'generate_speech',
        'get_balance_and_limits',
        'get_batch',
        'get_call',
        'list_calls',
        'list_voices',
        'stop_call',
        'wait_for_call',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema).toBeDefined();
      expect(tool.annotations?.readOnlyHint).toBeTypeOf('boolean');
      // destructive and idempotent hints mean something only for tools that are not read-only.
      if (!tool.annotations?.readOnlyHint) {
        expect(tool.annotations?.destructiveHint).toBeTypeOf('boolean');
        expect(tool.annotations?.idempotentHint).toBeTypeOf('boolean');
      }
    }
    expect(byName.get_call!.annotations?.readOnlyHint).toBe(true);
    expect(byName.stop_call!.annotations?.destructiveHint).toBe(true);
    expect(byName.create_call!.description).toMatch(/\$0\.09 per started minute/);
    // task is required unless agent_id names a saved agent (a rule between two arguments).
    expect(byName.create_call!.inputSchema.required).toEqual(['phone_number', 'confirm']);
    expect(Object.keys(byName.create_call!.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['task', 'agent_id']),
    );
  });

  it('create_top_up_link returns a checkout URL for a person and charges nothing', async () => {
    const org = await createTestOrg(server.url, 2);
    const client = await modernClient(org.apiKey);
    const link = await client.callTool({
      name: 'create_top_up_link',
      arguments: { amount_usd: 25, confirm: true },
    });
    const unconfirmed = await client.callTool({
      name: 'create_top_up_link',
      arguments: { amount_usd: 25 },
    });
    const tooSmall = await client.callTool({
      name: 'create_top_up_link',
      arguments: { amount_usd: 1, confirm: true },
    });
    await client.close();
    const body = structured<{ checkout_url: string; amount_usd: number; provider: string }>(link);
    expect(body.amount_usd).toBe(25);
    expect(body.provider).toBe('sandbox');
    expect(body.checkout_url).toMatch(/\/billing\/sandbox-checkout\/[0-9a-f-]{36}$/);
    expect(unconfirmed.isError).toBe(true);
    expect(tooSmall.isError).toBe(true);
    expect(JSON.stringify(tooSmall.structuredContent ?? tooSmall.content)).toMatch(/INVALID_BODY/);
    const wallet = await voice(server.url, org.apiKey, '/v1/billing/ledger');
    const { entries } = (await wallet.json()) as { entries: { kind: string }[] };
    expect(entries.map((e) => e.kind)).toEqual(['starting_credit']);
    // The started top-up is audited with the key behind the tool call, the amount and checkout.
    const audit = await voice(server.url, org.apiKey, '/v1/audit-log?action=billing.top_up.start');
    const { events } = (await audit.json()) as {
      events: { actor: unknown; target: { id: string }; after: unknown }[];
    };
    const topUpId = body.checkout_url.split('/').at(-1)!;
    expect(events).toEqual([
      expect.objectContaining({
        actor: { type: 'api_key', id: org.keyId },
        target: { type: 'top_up', id: topUpId },
        after: { amount_usd: 25, provider: 'sandbox', checkout_session_id: `sandbox_${topUpId}` },
      }),
    ]);
  });

  it('places a call once per idempotency key, waits for it with progress, and reads it back (2026-07-28 client)', async () => {
    const client = await modernClient(a.apiKey);
    const args = {
      phone_number: '+14155550123',
      task: TASK,
      confirm: true,
      idempotency_key: 'agent-retry-1',
    };
    const first = structured<{ call_id: string; replayed: boolean }>(
      await client.callTool({ name: 'create_call', arguments: args }),
    );
    const retry = structured<{ call_id: string; replayed: boolean }>(
      await client.callTool({ name: 'create_call', arguments: args }),
    );
    expect(first.replayed).toBe(false);
    expect(retry).toEqual({ ...first, replayed: true });

    const progress: number[] = [];
    const waited = structured<{ finished: boolean; call: unknown }>(
      await client.callTool(
        { name: 'wait_for_call', arguments: { call_id: first.call_id, timeout_seconds: 30 } },
        { onprogress: (p) => progress.push(p.progress) },
      ),
    );
    expect(waited.finished).toBe(true);
    const call = CallDetail.parse(waited.call);
    expect(call.queue_status).toBe('complete');
    expect(call.transcripts.length).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(0);

    const read = CallDetail.parse(
      structured(
        await client.callTool({ name: 'get_call', arguments: { call_id: first.call_id } }),
      ),
    );
    const rest = (await (
      await voice(server.url, a.apiKey, `/v1/calls/${first.call_id}`)
    ).json()) as unknown;
    // A second door into the same record: the tool answers what REST answers.
    expect(read).toEqual(CallDetail.parse(rest));
    const listed = structured<{ calls: { call_id: string }[] }>(
      await client.callTool({ name: 'list_calls', arguments: { limit: 5 } }),
    );
    expect(listed.calls.map((c) => c.call_id)).toContain(first.call_id);
    // Exactly one call was placed for the two create_call requests.
    const all = (await (await voice(server.url, a.apiKey, '/v1/calls')).json()) as {
      calls: unknown[];
    };
    expect(
      all.calls.filter((c) => (c as { call_id: string }).call_id === first.call_id),
    ).toHaveLength(1);
    await client.close();
  });

  it('create_call takes analysis_schema and metadata; wait_for_call and get_call carry the analysis', async () => {
    const client = await modernClient(a.apiKey);
    const analysis_schema = {
      type: 'object',
      properties: { tuesday: { type: 'boolean', description: 'Tuesday works' } },
    };
    const placed = structured<{ call_id: string }>(
      await client.callTool({
        name: 'create_call',
        arguments: {
          phone_number: '+14155550123',
          task: 'Does Tuesday work for you? Thank them.',
          analysis_schema,
          metadata: { ticket: 'T-9' },
          confirm: true,
        },
      }),
    );
    const waited = structured<{ finished: boolean; call: Record<string, unknown> }>(
      await client.callTool({
        name: 'wait_for_call',
        arguments: { call_id: placed.call_id, timeout_seconds: 30 },
      }),
    );
    expect(waited.finished).toBe(true);
    expect(waited.call).toMatchObject({
      metadata: { ticket: 'T-9' },
      analysis: { tuesday: expect.any(Boolean) as unknown },
      analysis_by: 'scripted',
      analysis_error: null,
    });
    const read = structured<Record<string, unknown>>(
      await client.callTool({ name: 'get_call', arguments: { call_id: placed.call_id } }),
    );
    expect(read.analysis).toEqual(waited.call.analysis);

    const refused = await client.callTool({
      name: 'create_call',
      arguments: {
        phone_number: '+14155550123',
        task: TASK,
        analysis_schema: { type: 'object', properties: { x: { allOf: [] } } },
        confirm: true,
      },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('allOf');
    await client.close();
  });

  it('create_call takes voicemail_message (detection comes with it) and transfer_phone_number, and the call honours them', async () => {
    const client = await modernClient(a.apiKey);
    const { tools } = await client.listTools();
    const createCall = tools.find((tool) => tool.name === 'create_call')!;
    expect(Object.keys(createCall.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['voicemail_message', 'transfer_phone_number']),
    );
    const place = async (args: Record<string, unknown>) =>
      structured<{ call_id: string }>(
        await client.callTool({ name: 'create_call', arguments: { ...args, confirm: true } }),
      ).call_id;
    const waitFor = async (callId: string) =>
      structured<{ finished: boolean; call: Record<string, unknown> }>(
        await client.callTool({
          name: 'wait_for_call',
          arguments: { call_id: callId, timeout_seconds: 30 },
        }),
      );
    const message = 'Hi {{name}}, this is Bright Dental. Please call us back.';
    // 555-0103 is a voicemail on the sandbox line; 555-0107 a person who asks for a human.
    const [voicemail, transfer] = await Promise.all([
      place({
        phone_number: '+14155550103',
        task: TASK,
        voicemail_message: message,
        request_data: { name: 'Ada' },
      }),
      place({
        phone_number: '+14155550107',
        task: 'Ask about the renewal.',
        transfer_phone_number: '+14155550111',
      }),
    ]);

    const left = await waitFor(voicemail);
    expect(left.finished).toBe(true);
    expect(left.call).toMatchObject({
      answered_by: 'voicemail',
      // The request the call ran as: the message, and the detection it turned on.
      request_data: { voicemail_message: message, answered_by_enabled: true },
    });
    expect(left.call.concatenated_transcript).toContain(
      'Hi Ada, this is Bright Dental. Please call us back.',
    );

    const moved = await waitFor(transfer);
    expect(moved.finished).toBe(true);
    expect(moved.call).toMatchObject({
      call_ended_by: 'TRANSFER',
      transferred_to: '+14155550111',
      transferred_at: expect.any(String) as unknown,
      request_data: { transfer_phone_number: '+14155550111' },
    });

    // Refused as REST refuses it, naming the argument.
    const refused = await client.callTool({
      name: 'create_call',
      arguments: {
        phone_number: '+14155550123',
        task: TASK,
        transfer_phone_number: '+1415',
        confirm: true,
      },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('transfer_phone_number');
    await client.close();
  });

  it('serves the 2025-11-25 client too: tools/list, get_call and progress while waiting', async () => {
    const callId = await dispatch(server.url, a.apiKey, {
      phone_number: '+14155550123',
      task: TASK,
    });
    const client = await legacyClient(a.apiKey);
    expect((await client.listTools()).tools).toHaveLength(11);
    const progress: number[] = [];
    const waited = await client.callTool(
      { name: 'wait_for_call', arguments: { call_id: callId, timeout_seconds: 30 } },
      undefined,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect((waited.structuredContent as { finished: boolean }).finished).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    const got = await client.callTool({ name: 'get_call', arguments: { call_id: callId } });
    expect(CallDetail.parse(got.structuredContent).call_id).toBe(callId);
    await client.close();
  });

  it('answers a plain 2025-era request as JSON, not an event stream', async () => {
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${a.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await response.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(
      11,
    );
  });

  it('runs batches, voices, balance and speech links through the same code as REST', async () => {
    const client = await modernClient(a.apiKey);
    const batchArgs = {
      base_prompt: 'Remind {{name}} of the meeting.',
      label: 'Tool batch',
      call_data: [
        { phone_number: '+14155550123', name: 'Ada' },
        { phone_number: 'not a number', name: 'Bob' },
      ],
      confirm: true,
      idempotency_key: 'batch-1',
    };
    const batch = structured<{ batch_id: string; replayed: boolean }>(
      await client.callTool({ name: 'create_batch', arguments: batchArgs }),
    );
    const again = structured<{ batch_id: string; replayed: boolean }>(
      await client.callTool({ name: 'create_batch', arguments: batchArgs }),
    );
    expect(again).toEqual({ ...batch, replayed: true });
    const got = structured<{
      batch_params: { id: string };
      analysis?: { total_calls: number };
      call_data?: unknown[];
    }>(
      await client.callTool({
        name: 'get_batch',
        arguments: { batch_id: batch.batch_id, include_calls: false },
      }),
    );
    expect(got.batch_params.id).toBe(batch.batch_id);
    expect(got.analysis?.total_calls).toBe(2);
    expect(got.call_data).toBeUndefined();

    const voices = structured<{ voices: { id: string }[] }>(
      await client.callTool({ name: 'list_voices', arguments: {} }),
    );
    expect(voices.voices.map((v) => v.id)).toContain('ava');

    const balance = structured<{
      balance_usd: number;
      unlocked: boolean;
      limits: { concurrency: number };
      speech_slots_in_use: number;
    }>(await client.callTool({ name: 'get_balance_and_limits', arguments: {} }));
    expect(balance).toMatchObject({
      unlocked: false,
      limits: { concurrency: 1 },
      speech_slots_in_use: 0,
    });
    expect(balance.balance_usd).toBeGreaterThan(0);
    expect(balance.balance_usd).toBeLessThanOrEqual(10);

    const speech = structured<{ url: string; characters: number }>(
      await client.callTool({
        name: 'generate_speech',
        arguments: { text: 'Your table is ready.', voice: 'ava' },
      }),
    );
    expect(speech.characters).toBe(20);
    const audio = await fetch(speech.url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\/wav/);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await client.close();
  });

  it('fails as isError results with our codes: confirm missing, other org, ended call, empty wallet', async () => {
    const client = await modernClient(a.apiKey);
    const unconfirmed = await client.callTool({
      name: 'create_call',
      arguments: { phone_number: '+14155550123', task: TASK },
    });
    expect(unconfirmed.isError).toBe(true);
    const theirs = await dispatch(server.url, b.apiKey, {
      phone_number: '+14155550123',
      task: TASK,
    });
    for (const name of ['get_call', 'stop_call', 'wait_for_call']) {
      const result = await client.callTool({ name, arguments: { call_id: theirs } });
      expect(result.isError).toBe(true);
      expect(toolError(result).code).toBe('NOT_FOUND');
    }
    const busy = await dispatch(server.url, a.apiKey, { phone_number: '+14155550102', task: TASK });
    await client.callTool({
      name: 'wait_for_call',
      arguments: { call_id: busy, timeout_seconds: 30 },
    });
    const stop = await client.callTool({ name: 'stop_call', arguments: { call_id: busy } });
    expect(toolError(stop)).toMatchObject({
      code: 'CALL_NOT_ACTIVE',
      message: 'The call has already ended.',
    });
    await client.close();

    const broke = await createTestOrg(server.url, 0);
    const poor = await modernClient(broke.apiKey);
    const refused = await poor.callTool({
      name: 'create_call',
      arguments: { phone_number: '+14155550123', task: TASK, confirm: true },
    });
    expect(refused.isError).toBe(true);
    expect(toolError(refused).code).toBe('INSUFFICIENT_BALANCE');
    expect(JSON.stringify(refused)).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
    await poor.close();
  });

  it('answers the calling rules’ refusals as isError results with their codes', async () => {
    const client = await modernClient(a.apiKey);
    const call = (phone_number: string) =>
      client.callTool({
        name: 'create_call',
        arguments: { phone_number, task: TASK, confirm: true },
      });
    const premium = await call('+19005550123');
    expect(premium.isError).toBe(true);
    expect(toolError(premium)).toMatchObject({
      code: 'DESTINATION_NOT_ALLOWED',
      message: expect.stringContaining('premium-rate') as unknown,
    });
    const listed = '+17185550160';
    const add = await voice(server.url, a.apiKey, '/v1/dnc', { json: { number: listed } });
    expect(await add.json()).toEqual({ added: 1, already_listed: 0 });
    const onList = await call(listed);
    expect(onList.isError).toBe(true);
    expect(toolError(onList).code).toBe('NUMBER_ON_DNC_LIST');
    await client.close();
  });
});

describe('the HTTP surface', () => {
  it('refuses a missing or unknown credential with the challenge that starts discovery', async () => {
    for (const authorization of [
      undefined,
      'Bearer vai_sk_not-a-key',
      'Bearer some-unknown-token',
    ]) {
      const response = await fetch(mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      const challenge = response.headers.get('www-authenticate') ?? '';
      await expectError(response, 401, 'UNAUTHENTICATED');
      expect(challenge).toMatch(/^Bearer /);
      expect(challenge).toContain(
        `resource_metadata="${server.url}/.well-known/oauth-protected-resource/v1/mcp"`,
      );
      expect(challenge).toContain('scope="mcp:read mcp:write"');
    }
  });

  it('serves RFC 9728 metadata naming the resource, our authorization server and both scopes', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth-protected-resource/v1/mcp`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      resource: `${server.url}/v1/mcp`,
      authorization_servers: [`${server.url}/authorization`],
      scopes_supported: ['mcp:read', 'mcp:write'],
      bearer_methods_supported: ['header'],
    });
    expect(metadata.scopes_supported).not.toContain('offline_access');
  });

  it('exports only POST: GET and DELETE are 405 with Allow', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const response = await fetch(mcpUrl, {
        method,
        headers: { authorization: `Bearer ${a.apiKey}` },
      });
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
      await expectError(response, 405, 'METHOD_NOT_ALLOWED');
    }
  });

  it('refuses browser origins that are not ours or listed, before looking at credentials', async () => {
    const post = (origin: string) =>
      fetch(mcpUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${a.apiKey}`,
          origin,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    await expectError(await post('https://evil.example'), 403, 'ORIGIN_NOT_ALLOWED');
    await expectError(await post('null'), 403, 'ORIGIN_NOT_ALLOWED');
    expect((await post('https://agent.example')).status).toBe(200);
    expect((await post('http://localhost:3000')).status).toBe(200);
  });

  it('answers unparseable JSON with a JSON-RPC parse error, and an oversized body with 413', async () => {
    const post = (body: string) =>
      fetch(mcpUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${a.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body,
      });
    const broken = await post('{"jsonrpc": "2.0", "id": 1,');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: number } }).error.code).toBe(-32700);
    await expectError(await post(`"${'x'.repeat(1024 * 1024 + 10)}"`), 413, 'PAYLOAD_TOO_LARGE');
  });
});
