import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolErrorText } from '@/schemas/mcp';
import { inspector } from '../support/inspector';
import { codeGrant, registerClient } from '../support/oauth-client';
import { startWithOwner } from '../support/oauth-member';
import { createTestOrg, dispatch, type TestOrg, type VoiceServer } from '../support/voice-api';

// Tool errors as the clients most agents run see them (issue 21): the v1 SDK client
// (@modelcontextprotocol/sdk 1.32, which checks structuredContent against the output schema
// even on isError results) and the Inspector CLI built on it. Every tool's error paths; and the
// scope hierarchy (a token granted only mcp:write keeps the read tools).
let server: VoiceServer;
let org: TestOrg;
let cookie: string;
let mcpUrl: URL;
const TASK = 'Say hello. Ask whether Tuesday works. Thank them.';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ server, org, cookie } = await startWithOwner('owner@mcp-interop.test', {
    env: { SANDBOX_TIME_SCALE: '200' },
  }));
  mcpUrl = new URL('/v1/mcp', server.url);
});
afterAll(() => server?.dispose());

async function v1Client(token: string): Promise<Client> {
  const client = new Client({ name: 'v1-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

interface ToolCallResult {
  isError?: boolean;
  content?: unknown;
  structuredContent?: unknown;
}

/** The error an agent reads: the text of the isError result, as our JSON. */
function errorOf(result: ToolCallResult) {
  expect(result.isError, JSON.stringify(result)).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const [first] = result.content as { type: string; text: string }[];
  return ToolErrorText.parse(JSON.parse(first!.text)).error;
}

describe('tool errors through the v1 SDK client', () => {
  it('every tool answers its errors as readable isError results, in tool terms', async () => {
    const client = await v1Client(org.apiKey);
    const call = (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<ToolCallResult>;

    for (const name of ['get_call', 'wait_for_call', 'stop_call']) {
      const error = errorOf(await call(name, { call_id: UNKNOWN }));
      expect(error.code, name).toBe('NOT_FOUND');
      expect(error.hint).toContain('list_calls');
    }
    const batch = errorOf(await call('get_batch', { batch_id: UNKNOWN }));
    expect(batch).toMatchObject({ code: 'NOT_FOUND' });
    expect(batch.hint).toContain('create_batch');

    const ended = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550102',
      task: TASK,
    });
    await call('wait_for_call', { call_id: ended, timeout_seconds: 30 });
    const stop = errorOf(await call('stop_call', { call_id: ended }));
    expect(stop).toMatchObject({ code: 'CALL_NOT_ACTIVE', message: 'The call has already ended.' });
    expect(stop.hint).toContain('get_call');

    const voice = errorOf(
      await call('create_call', {
        phone_number: '+14155550123',
        task: TASK,
        voice: 'no-such-voice',
        confirm: true,
      }),
    );
    expect(voice.code).toBe('VOICE_NOT_FOUND');
    expect(voice.hint).toContain('list_voices');
    expect(voice.hint).not.toMatch(/GET \/|\/v1\//);
    const speech = errorOf(await call('generate_speech', { text: 'Hi.', voice: 'no-such-voice' }));
    expect(speech.code).toBe('VOICE_NOT_FOUND');

    const rows = [{ phone_number: '+14155550123', name: 'Ada' }];
    const batchArgs = {
      base_prompt: 'Hi {{name}}.',
      label: 'L',
      confirm: true,
      idempotency_key: 'k-1',
    };
    await call('create_batch', { ...batchArgs, call_data: rows });
    const reused = errorOf(
      await call('create_batch', { ...batchArgs, call_data: [...rows, ...rows] }),
    );
    expect(reused.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(`${reused.message} ${reused.hint}`).toContain('idempotency_key');
    expect(`${reused.message} ${reused.hint}`).not.toContain('Idempotency-Key');

    const cursor = errorOf(await call('list_calls', { cursor: 'not-a-cursor' }));
    expect(cursor.code).toMatch(/^INVALID_/);

    // Arguments the schema refuses: the SDK's own isError, readable too.
    const unconfirmed = await call('create_call', { phone_number: '+14155550123', task: TASK });
    expect(unconfirmed.isError).toBe(true);
    expect(JSON.stringify(unconfirmed.content)).toContain('confirm');
    await client.close();

    const broke = await createTestOrg(server.url, 0);
    const poor = await v1Client(broke.apiKey);
    const refused = errorOf(
      (await poor.callTool({
        name: 'create_call',
        arguments: { phone_number: '+14155550123', task: TASK, confirm: true },
      })) as ToolCallResult,
    );
    expect(refused.code).toBe('INSUFFICIENT_BALANCE');
    expect(refused.hint).toContain('get_balance_and_limits');
    await poor.close();
  });
});

describe('tool errors through the Inspector CLI', () => {
  it('shows the error of get_call, get_batch and stop_call instead of a schema mismatch', async () => {
    const ended = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550102',
      task: TASK,
    });
    const runs: [string, string, string][] = [
      ['get_call', `call_id=${UNKNOWN}`, 'NOT_FOUND'],
      ['get_batch', `batch_id=${UNKNOWN}`, 'NOT_FOUND'],
      ['wait_for_call', `call_id=${ended}`, ''],
      ['stop_call', `call_id=${ended}`, 'CALL_NOT_ACTIVE'],
    ];
    for (const [tool, arg, code] of runs) {
      const result = (await inspector(server.url, org.apiKey, [
        '--method',
        'tools/call',
        '--tool-name',
        tool,
        '--tool-arg',
        arg,
      ])) as ToolCallResult;
      if (code) expect(errorOf(result).code, tool).toBe(code);
    }
  });
});

describe('scope hierarchy', () => {
  it('a token granted only mcp:write can use the read tools too', async () => {
    const oauthClient = await registerClient(server.url);
    const tokens = await codeGrant({
      base: server.url,
      client: oauthClient,
      cookie,
      orgId: org.orgId,
      scope: 'mcp:write',
    });
    expect(tokens.scope).toBe('mcp:write');
    const client = await v1Client(tokens.access_token!);
    const balance = (await client.callTool({
      name: 'get_balance_and_limits',
      arguments: {},
    })) as ToolCallResult;
    expect(balance.isError).toBeFalsy();
    expect(balance.structuredContent).toHaveProperty('balance_usd');
    await client.close();

    const metadata = (await (
      await fetch(new URL('/.well-known/oauth-protected-resource/v1/mcp', server.url))
    ).json()) as { scopes_supported: string[] };
    expect(metadata.scopes_supported).toEqual(['mcp:read', 'mcp:write']);
  });
});
