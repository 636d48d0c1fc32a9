import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { schema } from '@/lib/adapters/db';
import { listToolCalls } from '@/lib/calls/actions';
import { hangUps, liveCallsOnOwnDatabase, type LiveCall } from '../../support/live-call';

// A tool call on a live call, on the virtual clock: the model's streamed call, the filler, the
// signed request to the customer's API (a real HTTP server on loopback), the answer back to the
// model and the reply. The request is real I/O; every timer of the call is on the clock.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
const customer = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body });
    if (req.url === '/slow') return; // never answers
    if (req.url === '/broken') {
      res.statusCode = 500;
      return res.end('down');
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ booked: true, slot: 'Tuesday 2pm' }));
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => customer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(customer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  customer.closeAllConnections();
  await new Promise((resolve) => customer.close(resolve));
});

const liveCall = liveCallsOnOwnDatabase();

const tool = (name: string, path: string, over: Record<string, unknown> = {}) => ({
  name,
  description: 'Books a slot.',
  input_schema: { type: 'object', properties: { day: { type: 'string' } }, required: ['day'] },
  url: `${base}${path}`,
  headers: { Authorization: 'Bearer sk-live-secret' },
  ...over,
});

const FILLER = 'One moment while I check that.';

async function callWithTool(
  path: string,
  over: Record<string, unknown> = {},
  allow: { allowIps?: string[]; lineAllowIps?: string[] } = {},
): Promise<LiveCall> {
  const call = await liveCall({
    replies: [
      'Hi, this is Ava.',
      { action: { name: 'book_slot', input: { day: 'tuesday' } } },
      'All done. Goodbye! [END]',
    ],
    heard: ['Can you book Tuesday?'],
    body: { tools: [tool('book_slot', path, over)] },
    allowIps: ['127.0.0.1'],
    ...allow,
  });
  await call.run(1_500);
  await call.say(1_000);
  return call;
}

const toolCalls = (call: LiveCall) => listToolCalls(call.calls.db, call.callId);

describe('a tool call on a live call', () => {
  it('says the filler within 300 ms, sends a signed request, and the model reads the answer', async () => {
    const call = await callWithTool('/book');
    await call.until(() => call.brain.acted.length === 1);
    const actedAt = call.brain.acted[0]!;
    await call.until(() => call.mediaSentAt.some((t) => t >= actedAt));
    expect(call.mediaSentAt.find((t) => t >= actedAt)! - actedAt).toBeLessThanOrEqual(300);
    await call.until(() => hangUps(call) === 1, 20_000);

    const request = received.find((r) => r.body.includes(call.callId))!;
    expect(request.path).toBe('/book');
    expect(request.headers.authorization).toBe('Bearer sk-live-secret');
    const [org] = await call.calls.db
      .select({ secret: schema.organizations.webhookSecret })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, call.orgId));
    expect(
      new Webhook(org!.secret).verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }),
    ).toEqual({ call_id: call.callId, tool: 'book_slot', input: { day: 'tuesday' } });

    // The reply after the tool was asked with its answer in the context.
    const after = call.brain.asked.at(-1)!;
    expect(after.turns.at(-1)).toMatchObject({ user: 'agent-action' });
    expect(after.turns.at(-1)!.text).toContain('Tuesday 2pm');
    // The call's own tool, beside the keypad every outbound call offers.
    expect(after.actions?.map((a) => a.name)).toEqual(['book_slot', 'press_digits']);
    expect(await call.lines()).toEqual([
      ['assistant', 'Hi, this is Ava.'],
      ['user', 'Can you book Tuesday?'],
      ['assistant', FILLER],
      ['agent-action', 'book_slot: ok (200)'],
      ['assistant', 'All done. Goodbye!'],
    ]);
    expect(await toolCalls(call)).toMatchObject([
      { name: 'book_slot', status: 'ok', http_status: 200, input: { day: 'tuesday' } },
    ]);
    // The stored row never holds the header value in clear.
    expect(JSON.stringify((await call.row()).tools)).not.toContain('sk-live-secret');
  });

  it('tells the model when the tool times out, on the call’s clock, and goes on', async () => {
    const call = await callWithTool('/slow', { timeout_ms: 800 });
    await call.until(async () => (await toolCalls(call)).length === 1, 5_000);
    const [timedOut] = await toolCalls(call);
    expect(timedOut).toMatchObject({ name: 'book_slot', status: 'timeout', http_status: null });
    // Timed on the call's clock (which the test moves 20 ms at a time while I/O runs).
    expect(timedOut!.duration_ms).toBeGreaterThanOrEqual(800);
    expect(timedOut!.duration_ms).toBeLessThan(1_200);
    await call.until(() => hangUps(call) === 1, 20_000);
    const lines = await call.lines();
    expect(lines).toContainEqual(['agent-action', 'book_slot: timed out']);
    expect(lines.at(-1)).toEqual(['assistant', 'All done. Goodbye!']);
    expect(call.brain.asked.at(-1)!.turns.at(-1)!.text).toContain('within 800 ms');
  });

  it('tells the model when the tool answers 500', async () => {
    const call = await callWithTool('/broken');
    await call.until(() => hangUps(call) === 1, 20_000);
    expect(await toolCalls(call)).toMatchObject([{ status: 'error', http_status: 500 }]);
    expect(await call.lines()).toContainEqual(['agent-action', 'book_slot: failed (500)']);
  });

  it('refuses a request to an address that is not allowed when it is sent', async () => {
    // Allowed when dispatched, not on the line: as a name that resolves elsewhere by then.
    const call = await callWithTool(
      '/book',
      { url: `${base.replace('127.0.0.1', '127.0.0.2')}/book` },
      { allowIps: ['127.0.0.0/8'], lineAllowIps: ['127.0.0.1'] },
    );
    await call.until(() => hangUps(call) === 1, 20_000);
    expect(await toolCalls(call)).toMatchObject([{ status: 'refused', http_status: null }]);
    expect(await call.lines()).toContainEqual(['agent-action', 'book_slot: refused']);
  });
});
