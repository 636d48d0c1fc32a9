import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createSpeechEngine, type SpeechEngine } from '@/lib/adapters/speech-engine';
import { agentDone, answerCarrierCall, createFakeDir } from '../support/carrier-call';
import { startCarrierServer } from '../support/carrier-server';
import { eventually } from '../support/eventually';
import { fakeRecords, hangUpsOf, setFakeMode } from '../support/twilio-line';
import {
  createTestOrg,
  orgDetail,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// A tool called on a real carrier call: the language model stand-in streams a tool call, the
// server says the filler, sends the signed request to the customer's API (a real HTTP server on
// loopback, allow-listed), and the model's next request carries the answer.
let server: VoiceServer;
let org: TestOrg;
let engine: SpeechEngine;
const fakeDir = createFakeDir();
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const customer = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'shipped', eta: 'Tuesday' }));
  });
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => customer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(customer.address() as AddressInfo).port}`;
  server = await startCarrierServer({ fakeDir, env: { WEBHOOK_ALLOW_IPS: '127.0.0.1' } });
  org = await createTestOrg(server.url, 20);
  engine = createSpeechEngine();
}, 120_000);
afterAll(async () => {
  await engine?.close();
  await server?.dispose();
  customer.closeAllConnections();
  await new Promise((resolve) => customer.close(resolve));
});

describe('a tool on a carrier call', () => {
  it('calls the tool the model streams, signed, and the model answers from its result', async () => {
    setFakeMode(fakeDir, {
      stt: { text: 'Where is my order A-1?' },
      llm: {
        replies: [
          { tool: 'check_order', arguments: '{"order":"A-1"}' },
          'It ships Tuesday. Goodbye! [END]',
        ],
      },
    });
    const { callId, sid, callee, status } = await answerCarrierCall(server, org.apiKey, fakeDir, {
      phone_number: '+14155550171',
      task: 'Answer questions about orders.',
      first_sentence: 'Hi, this is Ava from Acme.',
      tools: [
        {
          name: 'check_order',
          description: 'Looks up an order.',
          input_schema: { type: 'object', properties: { order: { type: 'string' } } },
          url: `${base}/orders`,
          headers: { Authorization: 'Bearer sk-carrier-secret' },
          speech: 'Let me look that up.',
        },
      ],
    });
    await agentDone(callee);
    await callee.say(engine, 'Where is my order A-1?');
    await eventually(() => (hangUpsOf(fakeDir, sid).length > 0 ? true : undefined), 30_000);
    callee.stop(sid);
    callee.close();
    expect((await status('completed', { CallDuration: '20' })).status).toBe(204);

    const secret = (await orgDetail(server.url, org.orgId)).webhook_signing_secret;
    const request = received.find((r) => r.body.includes(callId))!;
    expect(request.headers.authorization).toBe('Bearer sk-carrier-secret');
    expect(
      new Webhook(secret).verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }),
    ).toEqual({ call_id: callId, tool: 'check_order', input: { order: 'A-1' } });

    // The model was offered the tool, and read its answer on the next request.
    const replies = fakeRecords(fakeDir).filter((r) => r.service === 'llm' && r.stream === true);
    expect(replies).toHaveLength(2);
    const messages = replies[1]!.messages as { role: string; content: string }[];
    expect(messages.at(-1)).toMatchObject({ role: 'system' });
    expect(messages.at(-1)!.content).toContain('"eta":"Tuesday"');

    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call.tool_calls).toMatchObject([
      { name: 'check_order', status: 'ok', http_status: 200, input: { order: 'A-1' } },
    ]);
    const lines = call.transcripts.map((t) => `${t.user}: ${t.text}`);
    expect(lines).toContain('assistant: Let me look that up.');
    expect(lines).toContain('agent-action: check_order: ok (200)');
    expect(lines.at(-1)).toBe('assistant: It ships Tuesday. Goodbye!');
    expect(JSON.stringify(call)).not.toContain('sk-carrier-secret');
  }, 120_000);
});
