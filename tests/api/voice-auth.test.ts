import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, expectError } from '../support/http';
import { startWebhookReceiver } from '../support/webhook-receiver';
import {
  createTestOrg,
  dispatch,
  startVoiceServer,
  TASK,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// No WEBHOOK_ALLOW_IPS here: loopback receivers must be refused.
let server: VoiceServer;
let a: TestOrg;
let b: TestOrg;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  server = await startVoiceServer({ env: { SANDBOX_TIME_SCALE: '200' } });
  a = await createTestOrg(server.url);
  b = await createTestOrg(server.url);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await server?.dispose();
});

const body = { phone_number: '+14155550123', task: 'Say hello.' };

describe('authentication', () => {
  it('accepts Authorization: Bearer <key> and a bare key', async () => {
    const bearer = await fetch(`${server.url}/v1/calls`, {
      headers: { authorization: `Bearer ${a.apiKey}` },
    });
    expect(bearer.status).toBe(200);
    const bare = await fetch(`${server.url}/v1/calls`, { headers: { authorization: a.apiKey } });
    expect(bare.status).toBe(200);
  });

  it('treats a request with only x-api-key, no header, or a wrong key as unauthenticated', async () => {
    const cases: Record<string, string>[] = [
      { 'x-api-key': a.apiKey },
      {},
      { authorization: `Bearer ${a.apiKey}x` },
      { authorization: 'Bearer vai_sk_not-a-key' },
      { authorization: `Basic ${Buffer.from(`user:${a.apiKey}`).toString('base64')}` },
    ];
    for (const headers of cases) {
      const response = await fetch(`${server.url}/v1/calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const { envelope } = await expectError(response, 401, 'UNAUTHENTICATED');
      expect(envelope.error.docs).toBe(`${server.url}/v1/openapi.json`);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('refuses a revoked key at once while the org’s other keys keep working', async () => {
    const org = await createTestOrg(server.url);
    const second = (await fetch(`${server.url}/internal/orgs/${org.orgId}/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    }).then((r) => r.json())) as { key_id: string; api_key: string };
    expect((await voice(server.url, org.apiKey, '/v1/calls')).status).toBe(200);
    const revoked = await fetch(`${server.url}/internal/orgs/${org.orgId}/keys/${org.keyId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(revoked.status).toBe(200);
    await expectError(await voice(server.url, org.apiKey, '/v1/calls'), 401, 'UNAUTHENTICATED');
    expect((await voice(server.url, second.api_key, '/v1/calls')).status).toBe(200);
  });

  it('keeps the admin API closed without the admin token', async () => {
    const response = await fetch(`${server.url}/internal/orgs/${a.orgId}`, {
      headers: { authorization: `Bearer ${a.apiKey}` },
    });
    expect(response.status).toBe(401);
  });
});

describe('organizations never see each other’s records', () => {
  it('answers 404 for another org’s call, recording, stop and delivery log', async () => {
    const callId = await dispatch(server.url, a.apiKey, {
      ...body,
      record: true,
      metadata: { owner: 'a' },
    });
    await waitForEnd(server.url, a.apiKey, callId);
    for (const path of [
      `/v1/calls/${callId}`,
      `/v1/calls/${callId}/recording`,
      `/v1/postcall/webhooks/${callId}`,
    ]) {
      await expectError(await voice(server.url, b.apiKey, path), 404, 'NOT_FOUND');
      expect((await voice(server.url, a.apiKey, path)).status).toBe(200);
    }
    await expectError(
      await voice(server.url, b.apiKey, `/v1/calls/${callId}/stop`, { method: 'POST' }),
      404,
      'NOT_FOUND',
    );
    const list = (await voice(server.url, b.apiKey, '/v1/calls').then((r) => r.json())) as {
      calls: { call_id: string }[];
    };
    expect(list.calls.map((c) => c.call_id)).not.toContain(callId);
    const resend = (await voice(server.url, b.apiKey, '/v1/postcall/webhooks/resend', {
      json: { call_ids: [callId] },
    }).then((r) => r.json())) as { queued: string[]; skipped: { reason: string }[] };
    expect(resend.queued).toEqual([]);
    expect(resend.skipped).toEqual([{ call_id: callId, reason: 'not_found' }]);
  });

  it('answers 404 for ids that are not UUIDs instead of failing', async () => {
    await expectError(await voice(server.url, a.apiKey, '/v1/calls/not-a-uuid'), 404, 'NOT_FOUND');
    await expectError(
      await voice(server.url, a.apiKey, "/v1/calls/1'%20OR%201=1"),
      404,
      'NOT_FOUND',
    );
  });
});

describe('bad input gets a clear error naming the field', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a number without country code', { ...body, phone_number: '4155550123' }, 'phone_number'],
    ['an impossible number', { ...body, phone_number: '+1415555' }, 'phone_number'],
    ['a missing task', { phone_number: '+14155550123' }, 'task'],
    ['a task over 20,000 characters', { ...body, task: 'x'.repeat(20_001) }, 'task'],
    ['max_duration 0', { ...body, max_duration: 0 }, 'max_duration'],
    ['max_duration 241', { ...body, max_duration: 241 }, 'max_duration'],
    ['a string for record', { ...body, record: 'yes' }, 'record'],
    ['an array for metadata', { ...body, metadata: [1, 2] }, 'metadata'],
    ['a number for wait_for_greeting', { ...body, wait_for_greeting: 1 }, 'wait_for_greeting'],
    // Postgres cannot store U+0000; it must be a 400, not a failed insert.
    ['a NUL character in task', { ...body, task: 'Say\u0000hello.' }, 'task'],
    [
      'a NUL character inside metadata',
      { ...body, metadata: { note: { deep: 'a\u0000' } } },
      'metadata',
    ],
  ];
  it.each(cases)('400 for %s', async (_label, payload, field) => {
    const response = await voice(server.url, a.apiKey, '/v1/calls', { json: payload });
    const { envelope } = await expectError(response, 400, 'INVALID_BODY');
    expect(envelope.error.field).toBe(field);
  });

  it('ignores unknown fields', async () => {
    const response = await voice(server.url, a.apiKey, '/v1/calls', {
      json: { ...body, surprise: { nested: true } },
    });
    expect(response.status).toBe(200);
  });

  it('refuses non-JSON and non-object bodies with 400', async () => {
    for (const raw of ['{', '[]', '"text"', 'null']) {
      const response = await voice(server.url, a.apiKey, '/v1/calls', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw,
      });
      await expectError(response, 400, 'INVALID_BODY');
    }
  });

  it('refuses a body over 1 MB with 413 on the voice API and on /api/contact', async () => {
    const big = JSON.stringify({ ...body, task: 'x'.repeat(1024 * 1024) });
    const call = await voice(server.url, a.apiKey, '/v1/calls', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    await expectError(call, 413, 'PAYLOAD_TOO_LARGE');
    const contact = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'A', email: 'a@example.com', message: 'x'.repeat(1_100_000) }),
    });
    const { body: contactBody } = await expectError(contact, 413, 'PAYLOAD_TOO_LARGE', false);
    expect(contactBody).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('refuses webhook targets on private, loopback, link-local and odd addresses, sending nothing', async () => {
    const port = new URL(receiver.url).port;
    const targets = [
      receiver.url,
      `http://[::1]:${port}/hook`,
      `http://2130706433:${port}/hook`,
      `http://0177.0.0.1:${port}/hook`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/hook',
      'file:///etc/passwd',
      `http://localhost:${port}/hook`,
    ];
    for (const webhook of targets) {
      const response = await voice(server.url, a.apiKey, '/v1/calls', {
        json: { ...body, webhook },
      });
      const { envelope } = await expectError(response, 400, 'INVALID_BODY');
      expect(envelope.error.field).toBe('webhook');
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses to dispatch from an empty wallet with 402', async () => {
    const broke = await createTestOrg(server.url, 0);
    const response = await voice(server.url, broke.apiKey, '/v1/calls', { json: body });
    await expectError(response, 402, 'INSUFFICIENT_BALANCE');
  });

  it('fills {{placeholders}} from request_data', async () => {
    const callId = await dispatch(server.url, a.apiKey, {
      ...body,
      task: TASK,
      request_data: { day: 'Tuesday' },
    });
    const call = await waitForEnd(server.url, a.apiKey, callId);
    expect(call.concatenated_transcript).toContain(
      'Confirm the dental appointment for Tuesday at 3pm.',
    );
    expect(call.request_data).toMatchObject({ task: TASK, request_data: { day: 'Tuesday' } });
  });
});
