import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpWebhookSender } from '@/lib/adapters/webhooks/http-webhook-sender';
import { startWebhookReceiver, verifyWebhook } from '../../support/webhook-receiver';

// A real receiver on loopback; the sender must sign per Standard Webhooks and refuse private
// addresses unless they are allow-listed.
const secret = `whsec_${Buffer.from('unit-test-webhook-secret-0123456789').toString('base64')}`;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.setStatus(204);
});

const delivery = () => ({
  id: 'lead-1.dest-1',
  url: receiver.url,
  type: 'lead.submitted',
  data: { a: 1 },
});
const now = new Date('2026-11-22T10:00:00Z');

describe('HttpWebhookSender', () => {
  it('sends a body the receiver can verify with the shared secret', async () => {
    const sender = new HttpWebhookSender({ secret, allowIps: ['127.0.0.1'], now: () => now });
    await sender.send(delivery());
    expect(receiver.received).toHaveLength(1);
    const [{ headers, body }] = receiver.received as [(typeof receiver.received)[number]];
    expect(headers['webhook-id']).toBe('lead-1.dest-1');
    expect(headers['webhook-timestamp']).toBe(String(now.getTime() / 1000));
    expect(JSON.parse(body)).toEqual({
      type: 'lead.submitted',
      timestamp: now.toISOString(),
      data: { a: 1 },
    });
    // Verify as a receiver would (its clock check needs a recent timestamp, so sign anew).
    await new HttpWebhookSender({ secret, allowIps: ['127.0.0.1'] }).send(delivery());
    const latest = receiver.received[1]!;
    expect(verifyWebhook(secret, latest)).toMatchObject({ type: 'lead.submitted', data: { a: 1 } });
    const other = `whsec_${Buffer.from('another-secret-entirely-000000000').toString('base64')}`;
    expect(() => verifyWebhook(other, latest)).toThrow();
  });

  it('refuses a receiver on a private address that is not allow-listed', async () => {
    const sender = new HttpWebhookSender({ secret });
    await expect(sender.send(delivery())).rejects.toThrow(/not allowed/i);
    await expect(
      sender.send({ ...delivery(), url: receiver.url.replace('127.0.0.1', 'localhost') }),
    ).rejects.toThrow(/not allowed/i);
    expect(receiver.received).toHaveLength(0);
  });

  it('fails on a non-2xx answer and does not follow redirects', async () => {
    const sender = new HttpWebhookSender({ secret, allowIps: ['127.0.0.0/8'] });
    receiver.setStatus(500);
    await expect(sender.send(delivery())).rejects.toThrow(/answered 500: receiver says no/);
    receiver.setStatus(302);
    await expect(sender.send(delivery())).rejects.toThrow(/answered 302/);
    expect(receiver.received).toHaveLength(2);
  });
});
