import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallWebhookEvent, WebhookDeliveryLog } from '@/schemas/webhooks';
import { eventually } from '../support/eventually';
import { expectError } from '../support/http';
import { startWebhookReceiver, verifyWebhook } from '../support/webhook-receiver';
import {
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
let secret: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ server, org } = await startVoiceServerWithOrg({
    // Receivers in this file listen on loopback, which is refused unless allow-listed.
    env: { SANDBOX_TIME_SCALE: '200', WEBHOOK_ALLOW_IPS: '127.0.0.1' },
  }));
  secret = (await orgDetail(server.url, org.orgId)).webhook_signing_secret;
});
afterAll(async () => {
  await receiver?.close();
  await server?.dispose();
});

const deliveriesFor = (callId: string) => receiver.received.filter((r) => r.body.includes(callId));

async function deliveryLog(callId: string) {
  const response = await voice(server.url, org.apiKey, `/v1/postcall/webhooks/${callId}`);
  expect(response.status).toBe(200);
  return WebhookDeliveryLog.parse(await response.json());
}

type Delivery = Awaited<ReturnType<typeof deliveryLog>>['deliveries'][number];

/** The call's delivery log, once its first delivery is as `ready` wants it. */
const logOnce = (callId: string, ready: (first: Delivery) => boolean) =>
  eventually(async () => {
    const current = await deliveryLog(callId);
    const first = current.deliveries[0];
    return first && ready(first) ? current : undefined;
  });

/** A call whose post-call webhook goes to the receiver. */
const hookedCall = (task: string, phone = '+14155550102') =>
  dispatch(server.url, org.apiKey, { phone_number: phone, task, webhook: receiver.url });

describe('post-call webhooks', () => {
  it('delivers the call detail with metadata, signed with the org’s secret', async () => {
    receiver.setStatus(204);
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550123',
      task: 'Say hello.',
      webhook: receiver.url,
      metadata: { ticket: 'T-1' },
    });
    const delivery = await eventually(() => deliveriesFor(callId)[0]);
    const event = CallWebhookEvent.parse(verifyWebhook(secret, delivery));
    expect(event.type).toBe('call.completed');
    expect(event.data).toMatchObject({
      call_id: callId,
      completed: true,
      metadata: { ticket: 'T-1' },
    });
    expect(event.data.transcripts.length).toBeGreaterThan(0);
    expect(() =>
      verifyWebhook(`whsec_${Buffer.from('wrong').toString('base64')}`, delivery),
    ).toThrow();
    // The attempt is recorded once the receiver's answer is back, just after it was received.
    const log = await logOnce(callId, (first) => first.status === 'delivered');
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      status: 'delivered',
      webhook_id: delivery.headers['webhook-id'],
    });
    expect(log.deliveries[0]!.attempts).toEqual([
      expect.objectContaining({ status_code: 204, error: null }),
    ]);
  });

  it('retries after a 500 with the same webhook-id, and logs both attempts', async () => {
    receiver.answerNext(500);
    const callId = await hookedCall('Busy line.');
    // The first retry comes about 5 s after the failed attempt (seconds more on a loaded CI
    // machine, where a 20 s wait once ran out).
    const [first, second] = await eventually(() => {
      const got = deliveriesFor(callId);
      return got.length >= 2 ? got : undefined;
    }, 45_000);
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    verifyWebhook(secret, second!);
    // As above: the attempt is recorded just after the receiver has it.
    const log = await logOnce(callId, (first) => first.status === 'delivered');
    expect(log.deliveries[0]!.attempts.map((a) => a.status_code)).toEqual([500, 204]);
    expect(log.deliveries[0]!.attempts[0]!.error).toMatch(/500/);
  }, 90_000);

  it('stops retrying when the receiver answers 410 Gone', async () => {
    receiver.answerNext(410);
    const callId = await hookedCall('Gone.');
    const log = await logOnce(callId, (first) => first.status === 'failed');
    expect(log.deliveries[0]!.attempts.map((a) => a.status_code)).toEqual([410]);
    expect(log.deliveries[0]!.next_attempt_at).toBeNull();
    expect(deliveriesFor(callId)).toHaveLength(1);
  });

  it('does not follow a redirect to loopback: the target receives nothing', async () => {
    const target = await startWebhookReceiver();
    receiver.redirectTo(target.url);
    receiver.answerNext(302);
    try {
      const callId = await hookedCall('Redirect.');
      const log = await logOnce(callId, (first) => first.attempts.length > 0);
      expect(log.deliveries[0]!.attempts[0]!.status_code).toBe(302);
      expect(log.deliveries[0]!.status).toBe('pending');
      expect(target.received).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it('resends on request with a new webhook-id', async () => {
    receiver.setStatus(200);
    const callId = await hookedCall('Resend me.', '+14155550104');
    const first = await eventually(() => deliveriesFor(callId)[0]);
    const resend = await voice(server.url, org.apiKey, '/v1/postcall/webhooks/resend', {
      json: { call_ids: [callId, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({
      status: 'success',
      queued: [callId],
      skipped: [{ call_id: '00000000-0000-4000-8000-000000000000', reason: 'not_found' }],
    });
    const second = await eventually(() => deliveriesFor(callId)[1]);
    expect(second.headers['webhook-id']).not.toBe(first.headers['webhook-id']);
    verifyWebhook(secret, second);
    expect((await deliveryLog(callId)).deliveries).toHaveLength(2);
  });

  it('refuses a malformed resend body', async () => {
    const response = await voice(server.url, org.apiKey, '/v1/postcall/webhooks/resend', {
      json: { call_ids: 'all' },
    });
    const { envelope } = await expectError(response, 400, 'INVALID_BODY');
    expect(envelope.error.field).toBe('call_ids');
  });

  it('sends nothing for a call without a webhook', async () => {
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550104',
      task: 'No hook.',
    });
    await waitForEnd(server.url, org.apiKey, callId);
    expect((await deliveryLog(callId)).deliveries).toEqual([]);
  });
});
