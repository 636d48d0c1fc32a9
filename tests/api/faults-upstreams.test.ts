import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogListErrorResponse } from '@/schemas/error';
import { WebhookDeliveryLog } from '@/schemas/webhooks';
import { answerOf } from '../support/faults';
import { demoValues, leadServerEnv, listLeads, nextIp } from '../support/leads-api';
import { eventually } from '../support/eventually';
import { expectError, postJson } from '../support/http';
import { FAKE_SANITY_DATASET, FAKE_SANITY_PROJECT } from '../support/msw/sanity';
import { SAAS_PRELOAD, saasFake, TURNSTILE_PASS } from '../support/msw/saas-fake';
import { startOpenAiStandin } from '../support/openai-standin';
import { TEST_REDIS_URL } from '../support/redis';
import { startServer, type RunningServer } from '../support/server';
import {
  createTestOrg,
  dispatch,
  getCall,
  startVoiceServer,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Issue 16's fault tests for the third parties: the CMS, the CRM, the bot check, webhook
// receivers and the LLM/TTS upstreams failing or hanging (holding the request unanswered until
// the test lets go). Each request gets a success or its documented code, nothing acknowledged is
// lost, a hang never holds up more than the request that met it, and the servers serve normally
// once the dependency is back, without a restart.
const fake = saasFake();
const keyPrefix = `vai-t-${randomBytes(5).toString('hex')}:`;
let site: RunningServer;
let standin: Awaited<ReturnType<typeof startOpenAiStandin>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let platform: VoiceServer;
let org: TestOrg;
let sql: pg.Client;

beforeAll(async () => {
  [standin, receiver] = await Promise.all([startOpenAiStandin(), startWebhookReceiver()]);
  [site, platform] = await Promise.all([
    startServer({
      preload: [SAAS_PRELOAD],
      env: {
        ...leadServerEnv(fake, TEST_REDIS_URL),
        STORE_KEY_PREFIX: keyPrefix,
        SANITY_PROJECT_ID: FAKE_SANITY_PROJECT,
        SANITY_DATASET: FAKE_SANITY_DATASET,
        TURNSTILE_SECRET_KEY: TURNSTILE_PASS,
      },
    }),
    startVoiceServer({
      env: {
        SPEECH_UPSTREAM_URL: standin.baseUrl,
        AGENT_LLM_BASE_URL: standin.baseUrl,
        AGENT_LLM_MODEL: 'standin',
        SANDBOX_TIME_SCALE: '200',
        // The webhook receiver listens on loopback, refused unless allow-listed.
        WEBHOOK_ALLOW_IPS: '127.0.0.1',
      },
    }),
  ]);
  org = await createTestOrg(platform.url, 10);
  sql = new pg.Client({ connectionString: platform.databaseUrl });
  await sql.connect();
});
afterAll(async () => {
  fake.setMode({});
  receiver?.release();
  await sql?.end();
  await Promise.all([site?.stop(), platform?.dispose()]);
  await Promise.all([standin?.close(), receiver?.close()]);
  const client = new Redis(TEST_REDIS_URL);
  const keys = await client.keys(`${keyPrefix}*`);
  if (keys.length > 0) await client.del(...keys);
  client.disconnect();
});

/** Runs `body` with the SaaS fake in `mode`, back to normal afterwards whatever happens. */
async function withMode(mode: Parameters<typeof fake.setMode>[0], body: () => Promise<void>) {
  fake.setMode(mode);
  try {
    await body();
  } finally {
    fake.setMode({});
  }
}

const newsletter = (eventId: string) => ({
  formSlug: 'newsletter',
  values: { email: `cms-${eventId.slice(0, 8)}@acme.example` },
  event_id: eventId,
});

describe('the CMS (Sanity) failing or hanging', () => {
  it.each(['fail', 'hang'] as const)(
    '%s: blog 500 BLOG_FETCH_FAILED, lead 503 FORM_LOOKUP_FAILED with nothing stored; then recovers',
    async (mode) => {
      // A page and a slug never read before: the blog caches successful reads (on disk, too).
      const page = 1_000 + Math.floor(Math.random() * 1e9);
      const slug = `fault-${randomUUID()}`;
      const eventId = randomUUID();
      await withMode({ sanity: mode }, async () => {
        const [list, markdown, lead] = await Promise.all([
          fetch(`${site.url}/api/blog?page=${page}&limit=3`),
          fetch(`${site.url}/api/blog/${slug}/markdown`),
          postJson(site.url, '/api/leads', newsletter(eventId), { ip: nextIp() }),
        ]);
        expect(list.status).toBe(500);
        const body = BlogListErrorResponse.strict().parse(await list.json());
        expect(body.error.code).toBe('BLOG_FETCH_FAILED');
        await expectError(markdown, 500, 'BLOG_FETCH_FAILED');
        await expectError(lead, 503, 'FORM_LOOKUP_FAILED');
        if (mode === 'hang') {
          // Answered while Sanity still holds the queries: the adapter's own bound.
          expect(fake.calls('sanity').some((c) => c.hanging)).toBe(true);
        }
      });
      expect((await listLeads(site.url, 'newsletter')).some((l) => l.eventId === eventId)).toBe(
        false,
      );

      // Back: the same event_id is stored, the blog reads again.
      const retry = await postJson(site.url, '/api/leads', newsletter(eventId), { ip: nextIp() });
      expect(retry.status).toBe(200);
      const { submissionId } = (await retry.json()) as { submissionId: string };
      expect(
        (await listLeads(site.url, 'newsletter')).filter((l) => l.eventId === eventId),
      ).toEqual([expect.objectContaining({ id: submissionId })]);
      const list = await fetch(`${site.url}/api/blog?page=${page}&limit=3`);
      expect(list.status).toBe(200);
      await list.arrayBuffer();
    },
  );
});

describe('the CRM (HubSpot) and the bot check (Turnstile) hanging', () => {
  it('leads and contact messages are answered and stored; the held push lands once released', async () => {
    const email = `hang-${randomUUID().slice(0, 8)}@acme.example`;
    await withMode({ hubspot: 'hang', turnstile: 'hang' }, async () => {
      // Bot check: siteverify times out (5 s) and the submission fails open, as documented.
      const [lead, contact] = await Promise.all([
        postJson(
          site.url,
          '/api/leads',
          { formSlug: 'demo-request', values: demoValues(email), botCheckToken: 'token-hang' },
          { ip: nextIp() },
        ),
        postJson(
          site.url,
          '/api/contact',
          { name: 'Ada', email, message: 'Hello while things hang.', botCheckToken: 'token-c' },
          { ip: nextIp() },
        ),
      ]);
      expect(lead.status).toBe(200);
      expect(await contact.json()).toEqual({ success: true });
      const { submissionId } = (await lead.json()) as { submissionId: string };
      // Stored, and the CRM push is under way: HubSpot holds it.
      expect((await listLeads(site.url, 'demo-request')).map((l) => l.id)).toContain(submissionId);
      await eventually(() => fake.hubspotCallsFor(email)[0]);
      expect(fake.calls('turnstile').filter((c) => c.hanging).length).toBeGreaterThanOrEqual(2);
    });
    // Released: the lead is synced once HubSpot answers.
    const synced = await eventually(async () => {
      const lead = (await listLeads(site.url, 'demo-request')).find((l) => l.email === email);
      return lead?.sync?.syncStatus === 'synced' ? lead : undefined;
    }, 30_000);
    expect(synced.email).toBe(email);
  });
});

describe('the TTS upstream failing or hanging', () => {
  const speech = (signal?: AbortSignal) =>
    voice(platform.url, org.apiKey, '/v2/tts', {
      json: { text: 'Upstream speech, please.', voice: 'ava' },
      signal,
    });

  const heldReservations = async () =>
    Number(
      (
        await sql.query<{ n: string }>(
          `SELECT count(*) AS n FROM speech_reservations WHERE org_id = $1 AND status = 'held'`,
          [org.orgId],
        )
      ).rows[0]!.n,
    );

  it('failing: every speech surface answers 502 SPEECH_FAILED and charges nothing; then recovers', async () => {
    const balance = async () =>
      (
        await sql.query<{ b: string }>(
          'SELECT balance_micros AS b FROM organizations WHERE id = $1',
          [org.orgId],
        )
      ).rows[0]!.b;
    const before = await balance();
    standin.set('tts', 'fail');
    try {
      for (const [path, json] of [
        ['/v2/tts', { text: 'Hello there.', voice: 'ava' }],
        [
          '/v2/audio/speech',
          { model: 'btts-2', voice: 'ava', input: 'Hello.', response_format: 'wav' },
        ],
        ['/v1/speak', { text: 'Hello there.', voice_id: 'ava' }],
      ] as const) {
        const answer = await answerOf(await voice(platform.url, org.apiKey, path, { json }));
        expect({ path, ...answer, retryAfter: null }).toEqual({
          path,
          status: 502,
          code: 'SPEECH_FAILED',
          retryAfter: null,
        });
      }
    } finally {
      standin.set('tts', 'ok');
    }
    expect(await balance()).toBe(before);
    expect(await heldReservations()).toBe(0);
    const back = await speech();
    expect(back.status).toBe(200);
    await back.arrayBuffer();
  });

  it('hanging: a client that gives up frees its slot, pays nothing, and the upstream call is cancelled', async () => {
    standin.set('tts', 'hang');
    const heldBefore = standin.held.length;
    try {
      const controller = new AbortController();
      const request = speech(controller.signal).catch(() => 'aborted');
      await eventually(() => standin.held[heldBefore]);
      controller.abort();
      expect(await request).toBe('aborted');
      // The server hangs up on the upstream too, rather than waiting out its 30 s timeout.
      await eventually(() => standin.held[heldBefore]!.closed || undefined, 10_000);
    } finally {
      standin.set('tts', 'ok');
    }
    await eventually(async () => ((await heldReservations()) === 0 ? true : undefined));
    // The org's one slot is free again (an unfunded org has one): the next request is served.
    const next = await speech();
    expect(next.status).toBe(200);
    await next.arrayBuffer();
  });
});

describe('the LLM upstream failing or hanging during sandbox calls', () => {
  const charges = async (callId: string) =>
    (
      await sql.query(`SELECT 1 FROM wallet_ledger WHERE kind = 'call_charge' AND reference = $1`, [
        `call:${callId}`,
      ])
    ).rowCount;

  it('failing: the call ends as call_error with a message naming the failure, uncharged', async () => {
    standin.set('llm', 'fail');
    let callId: string;
    try {
      callId = await dispatch(platform.url, org.apiKey, {
        phone_number: '+14155550123',
        task: 'Confirm the order.',
      });
      const call = await waitForEnd(platform.url, org.apiKey, callId, 45_000);
      expect(call.queue_status).toBe('call_error');
      expect(call.error_message).toMatch(/503 stand-in outage/);
    } finally {
      standin.set('llm', 'ok');
    }
    expect(await charges(callId)).toBe(0);
    const next = await dispatch(platform.url, org.apiKey, {
      phone_number: '+14155550123',
      task: 'Confirm the order.',
    });
    expect((await waitForEnd(platform.url, org.apiKey, next)).queue_status).toBe('complete');
  });

  it('hanging: other calls go on, the stuck call can be stopped, and it ends once', async () => {
    const marker = `stuck-${randomUUID().slice(0, 8)}`;
    standin.set('llm', 'hang', { hangOnly: marker });
    const heldBefore = standin.held.length;
    try {
      const stuck = await dispatch(platform.url, org.apiKey, {
        phone_number: '+14155550123',
        task: `Confirm the order (${marker}).`,
      });
      await eventually(() => standin.held[heldBefore], 20_000);
      // While that model request hangs, another call plays through on the same instance.
      const other = await dispatch(platform.url, org.apiKey, {
        phone_number: '+14155550123',
        task: 'Confirm the delivery.',
      });
      expect((await waitForEnd(platform.url, org.apiKey, other)).queue_status).toBe('complete');
      expect(standin.held[heldBefore]!.closed).toBe(false);

      const stop = await voice(platform.url, org.apiKey, `/v1/calls/${stuck}/stop`, {
        method: 'POST',
      });
      expect(stop.status).toBe(200);
      await stop.arrayBuffer();
      const stopped = await getCall(platform.url, org.apiKey, stuck);
      expect(stopped).toMatchObject({ queue_status: 'complete', call_ended_by: 'API' });

      // Let the model answer: the hung step goes on to synthesize its line, then finds the call
      // ended and drops its write. A fresh call played through afterwards has seen it done.
      const ttsBefore = standin.counts.tts;
      standin.set('llm', 'ok');
      await eventually(() => (standin.counts.tts > ttsBefore ? true : undefined), 20_000);
      const later = await dispatch(platform.url, org.apiKey, {
        phone_number: '+14155550123',
        task: 'Confirm the pickup.',
      });
      expect((await waitForEnd(platform.url, org.apiKey, later)).queue_status).toBe('complete');
      const ended = await getCall(platform.url, org.apiKey, stuck);
      expect(ended).toMatchObject({
        queue_status: 'complete',
        call_ended_by: 'API',
        price: stopped.price,
      });
      expect(ended.transcripts).toHaveLength(stopped.transcripts.length);
      expect(await charges(stuck)).toBe(stopped.price ? 1 : 0);
    } finally {
      standin.set('llm', 'ok');
    }
  });
});

describe('a webhook receiver hanging', () => {
  it('calls go on; the delivery is logged once the receiver answers, with one webhook-id', async () => {
    receiver.hang();
    const heldBefore = receiver.held.length;
    let callId: string;
    try {
      callId = await dispatch(platform.url, org.apiKey, {
        phone_number: '+14155550123',
        task: 'Say hello.',
        webhook: receiver.url,
      });
      expect((await waitForEnd(platform.url, org.apiKey, callId)).queue_status).toBe('complete');
      await eventually(() => receiver.held[heldBefore], 20_000);
      // The sender is still waiting for that receiver; the next call does not.
      const other = await dispatch(platform.url, org.apiKey, {
        phone_number: '+14155550123',
        task: 'Say hello again.',
      });
      expect((await waitForEnd(platform.url, org.apiKey, other)).queue_status).toBe('complete');
      expect(receiver.held[heldBefore]!.closed).toBe(false);
    } finally {
      receiver.release();
    }
    const log = await eventually(async () => {
      const response = await voice(platform.url, org.apiKey, `/v1/postcall/webhooks/${callId}`);
      const current = WebhookDeliveryLog.parse(await response.json());
      return current.deliveries[0]?.status === 'delivered' ? current : undefined;
    }, 30_000);
    expect(log.deliveries).toHaveLength(1);
    const ids = new Set(
      receiver.received.filter((r) => r.body.includes(callId)).map((r) => r.headers['webhook-id']),
    );
    expect([...ids]).toEqual([log.deliveries[0]!.webhook_id]);
  });
});
