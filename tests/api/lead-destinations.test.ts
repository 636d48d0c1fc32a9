import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadWebhookEvent } from '@/schemas/leads';
import { freshRedisDb, leadServerEnv, listLeads, nextIp } from '../support/leads-api';
import { eventually } from '../support/eventually';
import { admin, postJson } from '../support/http';
import { SAAS_PRELOAD, saasFake } from '../support/msw/saas-fake';
import { startServer, type RunningServer } from '../support/server';
import { startWebhookReceiver, verifyWebhook } from '../support/webhook-receiver';

// A form's destinations are real HTTP receivers: a webhook server on loopback (allow-listed),
// deliveries signed per Standard Webhooks, retries that re-send only what failed.
const secret = `whsec_${Buffer.from('api-test-webhook-secret-0123456789').toString('base64')}`;
const fake = saasFake();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let server: RunningServer;

const FORM = 'webhook-demo';

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const hookUrl = receiver.url;

  // The bundled dataset plus one form whose destination is our receiver.
  const dataset = join(fake.dir, 'dataset.ndjson');
  const form = {
    _id: 'leadform-webhook-demo',
    _type: 'leadForm',
    title: 'Webhook demo',
    slug: { _type: 'slug', current: FORM },
    fields: [{ _key: 'e', name: 'email', label: 'Email', type: 'email', required: true }],
    requireBotCheck: false,
    postSubmit: { kind: 'message', message: 'Thanks.' },
    destinations: [
      { _key: 'hook1', name: 'Ops webhook', url: hookUrl },
      { _key: 'broken', name: 'Half-filled entry' },
    ],
  };
  writeFileSync(
    dataset,
    readFileSync('content/dataset.ndjson', 'utf8').trimEnd() + '\n' + JSON.stringify(form) + '\n',
  );
  server = await startServer({
    preload: [SAAS_PRELOAD],
    env: {
      ...leadServerEnv(fake, await freshRedisDb(14)),
      CMS_DATASET: dataset,
      LEAD_WEBHOOK_SECRET: secret,
      WEBHOOK_ALLOW_IPS: '127.0.0.1',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

const hubspotCallsFor = fake.hubspotCallsFor;

const verify = (delivery: (typeof receiver.received)[number]) => verifyWebhook(secret, delivery);

async function submit(email: string): Promise<string> {
  const response = await postJson(
    server.url,
    '/api/leads',
    { formSlug: FORM, values: { email } },
    { ip: nextIp() },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { submissionId: string }).submissionId;
}

describe('destination webhooks', () => {
  it('delivers each lead once, signed, with a webhook-id the receiver can dedupe on', async () => {
    const email = `hook-${randomUUID().slice(0, 8)}@acme.example`;
    const before = receiver.received.length;
    const id = await submit(email);
    const lead = await eventually(async () => {
      const found = (await listLeads(server.url, FORM)).find((l) => l.id === id);
      return found?.sync?.syncStatus === 'synced' ? found : undefined;
    });
    expect(lead.sync).toMatchObject({ targets: { crm: 'synced', 'destination:hook1': 'synced' } });
    const deliveries = receiver.received.slice(before);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.headers['webhook-id']).toBe(`${id}.hook1`);
    expect(verify(deliveries[0]!)).toMatchObject({
      type: 'lead.submitted',
      data: { submissionId: id, formSlug: FORM, values: { email } },
    });
    expect(hubspotCallsFor(email)).toHaveLength(1);
    // The body is exactly the documented event.
    LeadWebhookEvent.strict().parse(JSON.parse(deliveries[0]!.body));
    const openapi = (await (await fetch(server.url + '/openapi.json')).json()) as {
      webhooks: Record<string, unknown>;
    };
    expect(openapi.webhooks).toHaveProperty(['lead.submitted', 'post']);
  });

  it('a failing receiver does not change the answer; the cron re-sends only to it', async () => {
    const email = `down-${randomUUID().slice(0, 8)}@acme.example`;
    const before = receiver.received.length;
    receiver.setStatus(503);
    let id: string;
    try {
      id = await submit(email);
      const failed = await eventually(async () => {
        const found = (await listLeads(server.url, FORM)).find((l) => l.id === id);
        return found?.sync?.syncStatus === 'failed' ? found : undefined;
      });
      expect(failed.sync).toMatchObject({
        targets: { crm: 'synced', 'destination:hook1': 'failed' },
      });
      expect(receiver.received.slice(before)).toHaveLength(3); // three tries after the response
    } finally {
      receiver.setStatus(204);
    }
    await admin(server.url, '/internal/cron/sync-leads', { method: 'POST' });
    await admin(server.url, '/internal/cron/sync-leads', { method: 'POST' });
    const deliveries = receiver.received.slice(before);
    expect(deliveries).toHaveLength(4);
    expect(new Set(deliveries.map((d) => d.headers['webhook-id']))).toEqual(
      new Set([`${id}.hook1`]),
    );
    expect(verify(deliveries[3]!)).toMatchObject({ data: { submissionId: id } });
    expect(hubspotCallsFor(email)).toHaveLength(1);
    const lead = (await listLeads(server.url, FORM)).find((l) => l.id === id);
    expect(lead?.sync).toMatchObject({ syncStatus: 'synced', attempts: 4 });
  });
});
