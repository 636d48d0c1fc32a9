import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startCustomerApi, type CustomerApi, type Received } from '../support/customer-api';
import { expectError } from '../support/http';
import {
  createTestOrg,
  dispatch,
  orgDetail,
  startVoiceServerWithOrg,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

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
const TOKEN = 'Bearer sk-customer-secret-123';
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
  headers: { Authorization: TOKEN },
  speech: 'Let me book that for you.',
  ...over,
});

/** Verifies a request as the customer would, with the organization's webhook secret. */
const verify = (secret: string, req: Received, payload: string) =>
  new Webhook(secret).verify(payload, {
    'webhook-id': String(req.headers['webhook-id']),
    'webhook-timestamp': String(req.headers['webhook-timestamp']),
    'webhook-signature': String(req.headers['webhook-signature']),
  });

describe('call tools on the sandbox line', () => {
  it('calls each tool the task names with a signed request and shows it on the call', async () => {
    const secret = (await orgDetail(server.url, org.orgId)).webhook_signing_secret;
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: person,
      task: 'Book the slot with book_slot. Then check stock with check_stock. Then say goodbye.',
      tools: [
        bookSlot(),
        {
          name: 'check_stock',
          description: 'Looks up stock.',
          input_schema: {
            type: 'object',
            properties: { sku: { type: 'string', examples: ['A-1'] } },
          },
          url: `${api.base}/stock`,
          method: 'GET',
        },
        bookSlot({ name: 'broken_tool', url: `${api.base}/broken` }),
      ],
    });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    const mine = api.received.filter(
      (r) => r.body.includes(callId) || r.query.get('payload')?.includes(callId),
    );
    expect(mine.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /book', 'GET /stock']);
    const [post, get] = mine as [Received, Received];
    expect(verify(secret, post, post.body)).toEqual({
      call_id: callId,
      tool: 'book_slot',
      input: { day: 'tuesday' },
    });
    expect(post.headers.authorization).toBe(TOKEN);
    expect(verify(secret, get, get.query.get('payload')!)).toEqual({
      call_id: callId,
      tool: 'check_stock',
      input: { sku: 'A-1' },
    });
    expect(() =>
      verify(`whsec_${Buffer.from('wrong').toString('base64')}`, post, post.body),
    ).toThrow();

    expect(call.tool_calls).toMatchObject([
      { name: 'book_slot', input: { day: 'tuesday' }, status: 'ok', http_status: 200 },
      { name: 'check_stock', input: { sku: 'A-1' }, status: 'ok', http_status: 200 },
    ]);
    expect(call.tool_calls[0]!.output).toContain('Tuesday 2pm');
    const lines = call.transcripts.map((t) => `${t.user}: ${t.text}`);
    const booked = lines.indexOf('agent-action: book_slot: ok (200)');
    expect(booked).toBeGreaterThan(0);
    // The tool's own speech is said while it works, just before its outcome.
    expect(lines[booked - 1]).toBe('assistant: Let me book that for you.');
    expect(lines).toContain('agent-action: check_stock: ok (200)');
    expect(lines[lines.indexOf('agent-action: check_stock: ok (200)') - 1]).toBe(
      'assistant: One moment while I check that.',
    );
    // Header values are secrets: never shown, in request_data or anywhere else of the call.
    expect(JSON.stringify(call)).not.toContain('sk-customer-secret');
    const sentTools = (call.request_data as { tools: { headers?: unknown }[] }).tools;
    expect(sentTools[0]!.headers).toEqual({ Authorization: '[hidden]' });
    const listed = await (await voice(server.url, org.apiKey, '/v1/calls')).text();
    expect(listed).not.toContain('sk-customer-secret');
  });

  it('tells the model when a tool fails and goes on', async () => {
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: person,
      task: 'Try broken_tool. Then say goodbye.',
      tools: [bookSlot({ name: 'broken_tool', url: `${api.base}/broken` })],
    });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call.tool_calls).toMatchObject([
      { name: 'broken_tool', status: 'error', http_status: 500 },
    ]);
    const lines = call.transcripts.map((t) => `${t.user}: ${t.text}`);
    const failed = lines.indexOf('agent-action: broken_tool: failed (500)');
    expect(failed).toBeGreaterThan(0);
    // The call went on: the agent spoke again after the failure.
    expect(lines.slice(failed + 1).some((l) => l.startsWith('assistant: '))).toBe(true);
    expect(call.call_ended_by).toBe('ASSISTANT');
  });

  it('refuses bad tools with a clear error and dials nothing', async () => {
    const fresh = await createTestOrg(server.url);
    const many = Array.from({ length: 21 }, (_, i) => bookSlot({ name: `tool_${i}` }));
    const cases: [unknown[], string][] = [
      [many, 'tools:'],
      [[bookSlot(), bookSlot()], 'tools.1.name: duplicate tool name'],
      [
        [bookSlot({ input_schema: { type: 'string' } })],
        'tools.0.input_schema: must be a JSON Schema object',
      ],
      [
        [bookSlot({ input_schema: { type: 'object', properties: { a: { type: 'nope' } } } })],
        'tools.0.input_schema: not a valid JSON Schema',
      ],
      [[bookSlot({ headers: { 'X-Big': 'x'.repeat(8 * 1024) } })], 'tools.0.headers: at most 8 KB'],
      [[bookSlot({ url: 'http://example.com/book' })], 'tools.0.url: must use https'],
      [[bookSlot({ url: 'https://10.0.0.7/book' })], 'tools.0.url: is not allowed'],
      [[bookSlot({ timeout_ms: 20_000 })], 'tools.0.timeout_ms:'],
      [[bookSlot({ method: 'PUT' })], 'tools.0.method:'],
      [[bookSlot({ name: 'opt_out' })], 'tools.0.name: is reserved'],
    ];
    for (const [tools, message] of cases) {
      const response = await voice(server.url, fresh.apiKey, '/v1/calls', {
        json: { phone_number: person, task: 'Book it.', tools },
      });
      const { envelope } = await expectError(response, 400, 'INVALID_BODY');
      expect(envelope.error.message).toContain(message);
    }
    const batch = await voice(server.url, fresh.apiKey, '/v1/batches', {
      json: {
        label: 'tools',
        base_prompt: 'Book it.',
        call_data: [{ phone_number: person }],
        call_params: { tools: [bookSlot({ url: 'http://example.com/book' })] },
      },
    });
    const { envelope } = await expectError(batch, 400, 'INVALID_BODY');
    expect(envelope.error.message).toContain('call_params.tools.0.url: must use https');
    const listed = (await (await voice(server.url, fresh.apiKey, '/v1/calls')).json()) as {
      count: number;
    };
    expect(listed.count).toBe(0);
  });
});
