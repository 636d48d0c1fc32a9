import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogListErrorResponse } from '@/schemas/error';
import {
  demoValues,
  eventually,
  expectError,
  leadServerEnv,
  listLeads,
  nextIp,
  postJson,
} from '../support/leads-api';
import { FAKE_SANITY_DATASET, FAKE_SANITY_PROJECT } from '../support/msw/sanity';
import { SAAS_PRELOAD, saasFake, TURNSTILE_PASS } from '../support/msw/saas-fake';
import { TEST_REDIS_URL } from '../support/redis';
import { startServer, type RunningServer } from '../support/server';

// Issue 16's fault tests for the third parties: the CMS, the CRM and the bot check failing or
// hanging (holding the request unanswered until the test lets go). Each request gets a success
// or its documented code, nothing acknowledged is lost, and the server serves normally once the
// dependency is back, without a restart.
const fake = saasFake();
const keyPrefix = `vai-t-${randomBytes(5).toString('hex')}:`;
let site: RunningServer;

beforeAll(async () => {
  site = await startServer({
    preload: [SAAS_PRELOAD],
    env: {
      ...leadServerEnv(fake, TEST_REDIS_URL),
      STORE_KEY_PREFIX: keyPrefix,
      SANITY_PROJECT_ID: FAKE_SANITY_PROJECT,
      SANITY_DATASET: FAKE_SANITY_DATASET,
      TURNSTILE_SECRET_KEY: TURNSTILE_PASS,
    },
  });
});
afterAll(async () => {
  fake.setMode({});
  await site?.stop();
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
