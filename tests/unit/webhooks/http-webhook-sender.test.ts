import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpWebhookSender } from '@/lib/webhooks/http-webhook-sender';

// A real receiver on loopback; the sender must sign per Standard Webhooks and refuse private
// addresses unless they are allow-listed.
const secret = `whsec_${Buffer.from('unit-test-webhook-secret-0123456789').toString('base64')}`;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let status = 204;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = status;
      if (status === 302) res.setHeader('location', 'http://169.254.169.254/latest/meta-data');
      res.end(status >= 400 ? 'receiver says no' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  status = 204;
});

const delivery = () => ({ id: 'lead-1.dest-1', url, type: 'lead.submitted', data: { a: 1 } });
const now = new Date('2026-11-22T10:00:00Z');

describe('HttpWebhookSender', () => {
  it('sends a body the receiver can verify with the shared secret', async () => {
    const sender = new HttpWebhookSender({ secret, allowIps: ['127.0.0.1'], now: () => now });
    await sender.send(delivery());
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [(typeof received)[number]];
    expect(headers['webhook-id']).toBe('lead-1.dest-1');
    expect(headers['webhook-timestamp']).toBe(String(now.getTime() / 1000));
    expect(JSON.parse(body)).toEqual({
      type: 'lead.submitted',
      timestamp: now.toISOString(),
      data: { a: 1 },
    });
    // Verify as a receiver would (its clock check needs a recent timestamp, so sign anew).
    const fresh = new HttpWebhookSender({ secret, allowIps: ['127.0.0.1'] });
    await fresh.send(delivery());
    const latest = received[1]!;
    const verified = new Webhook(secret).verify(latest.body, {
      'webhook-id': String(latest.headers['webhook-id']),
      'webhook-timestamp': String(latest.headers['webhook-timestamp']),
      'webhook-signature': String(latest.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'lead.submitted', data: { a: 1 } });
    const other = `whsec_${Buffer.from('another-secret-entirely-000000000').toString('base64')}`;
    expect(() =>
      new Webhook(other).verify(latest.body, {
        'webhook-id': String(latest.headers['webhook-id']),
        'webhook-timestamp': String(latest.headers['webhook-timestamp']),
        'webhook-signature': String(latest.headers['webhook-signature']),
      }),
    ).toThrow();
  });

  it('refuses a receiver on a private address that is not allow-listed', async () => {
    const sender = new HttpWebhookSender({ secret });
    await expect(sender.send(delivery())).rejects.toThrow(/not allowed/i);
    const localhost = new HttpWebhookSender({ secret });
    await expect(
      localhost.send({ ...delivery(), url: url.replace('127.0.0.1', 'localhost') }),
    ).rejects.toThrow(/not allowed/i);
    expect(received).toHaveLength(0);
  });

  it('fails on a non-2xx answer and does not follow redirects', async () => {
    const sender = new HttpWebhookSender({ secret, allowIps: ['127.0.0.0/8'] });
    status = 500;
    await expect(sender.send(delivery())).rejects.toThrow(/answered 500: receiver says no/);
    status = 302;
    await expect(sender.send(delivery())).rejects.toThrow(/answered 302/);
    expect(received).toHaveLength(2);
  });
});
