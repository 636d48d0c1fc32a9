import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadSuccessResponse } from '@/schemas/leads';
import { demoValues, freshRedisDb, leadServerEnv, listLeads, nextIp } from '../support/leads-api';
import { eventually } from '../support/eventually';
import { ADMIN_TOKEN, admin, expectError, postJson } from '../support/http';
import { SAAS_PRELOAD, saasFake, TURNSTILE_FAIL, TURNSTILE_PASS } from '../support/msw/saas-fake';
import { startServer, type RunningServer } from '../support/server';

// POST /api/leads against the built server: real Redis, msw for Turnstile and HubSpot.
const fake = saasFake();
let server: RunningServer;
let redisUrl: string;

const baseEnv = () => leadServerEnv(fake, redisUrl);

beforeAll(async () => {
  redisUrl = await freshRedisDb(11);
  server = await startServer({
    preload: [SAAS_PRELOAD],
    env: { ...baseEnv(), TURNSTILE_SECRET_KEY: TURNSTILE_PASS },
  });
});
afterAll(async () => {
  await server?.stop();
});

const submit = (body: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
  postJson(server.url, '/api/leads', body, { ip, headers });
const hubspotCallsFor = fake.hubspotCallsFor;

describe('request parsing and form lookup', () => {
  it.each([
    ['malformed JSON', '{"formSlug":'],
    ['an array', [1, 2]],
    ['a missing formSlug', { values: {} }],
    ['an empty formSlug', { formSlug: '', values: {} }],
    ['values of a non-object type', { formSlug: 'newsletter', values: 'x' }],
    ['a nested object value', { formSlug: 'newsletter', values: { email: { a: 1 } } }],
  ])('%s → 400 INVALID_BODY', async (_label, body) => {
    await expectError(await submit(body), 400, 'INVALID_BODY');
  });

  it.each(['no-such-form', 'secret-beta'])('%s → 404 FORM_NOT_FOUND', async (slug) => {
    await expectError(await submit({ formSlug: slug, values: {} }), 404, 'FORM_NOT_FOUND');
  });

  it('answers 405 with Allow for other methods', async () => {
    const response = await fetch(server.url + '/api/leads');
    await expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('field validation', () => {
  it.each([
    ['demo-request', { ...demoValues('a@acme.example'), firstname: ' ' }, 'REQUIRED', 'firstname'],
    ['demo-request', { ...demoValues('a@acme.example'), consent: false }, 'REQUIRED', 'consent'],
    ['demo-request', demoValues('not-an-email'), 'INVALID_EMAIL', 'email'],
    ['demo-request', demoValues('ada@gmail.com'), 'FREE_EMAIL_BLOCKED', 'email'],
    ['demo-request', demoValues('ada@mailinator.com'), 'DISPOSABLE_EMAIL_BLOCKED', 'email'],
    [
      'demo-request',
      { ...demoValues('a@acme.example'), website: 'ftp://x' },
      'INVALID_URL',
      'website',
    ],
    [
      'demo-request',
      { ...demoValues('a@acme.example'), team_size: '9000' },
      'INVALID_OPTION',
      'team_size',
    ],
    [
      'demo-request',
      { ...demoValues('a@acme.example'), use_cases: ['fax'] },
      'INVALID_OPTION',
      'use_cases',
    ],
    ['demo-request', { ...demoValues('a@acme.example'), phone: '12' }, 'INVALID_PHONE', 'phone'],
    [
      'demo-request',
      { ...demoValues('a@acme.example'), firstname: 'x'.repeat(81) },
      'TOO_LONG',
      'firstname',
    ],
    [
      'enterprise-contact',
      { email: 'a@acme.example', phone: '+1 415 555 0100', notes: 'n'.repeat(501) },
      'TOO_LONG',
      'notes',
    ],
    [
      'enterprise-contact',
      { email: 'cto@competitor.example', phone: '+1 415 555 0100' },
      'DOMAIN_BLOCKED',
      'email',
    ],
    ['enterprise-contact', { email: 'a@acme.example', phone: true }, 'INVALID_PHONE', 'phone'],
    ['enterprise-contact', { email: 'a@acme.example' }, 'REQUIRED', 'phone'],
    [
      'partner-application',
      { company: 'A', email: 'a@acme.example' },
      'DOMAIN_NOT_ALLOWED',
      'email',
    ],
    [
      'partner-application',
      { company: 'A', email: 'a@example.com', country: 'usa' },
      'PATTERN_MISMATCH',
      'country',
    ],
    [
      'partner-application',
      { company: 'A', email: 'a@example.com', seats: 'many' },
      'PATTERN_MISMATCH',
      'seats',
    ],
    ['newsletter', { email: ['a@b.example'] }, 'INVALID_EMAIL', 'email'],
  ])('%s with %o → %s on %s', async (formSlug, values, code, field) => {
    const body = { formSlug, values };
    const { envelope } = await expectError(await submit(body), 400, code);
    expect(envelope.error.field).toBe(field);
  });

  it('reports the first failing field in form order', async () => {
    const response = await submit({
      formSlug: 'demo-request',
      values: { consent: 'yes', email: 'bad', firstname: '' },
    });
    const { envelope } = await expectError(response, 400, 'REQUIRED');
    expect(envelope.error.field).toBe('firstname');
  });
});

describe('success', () => {
  it('returns the form postSubmit (with defaults), gtmEventName and a submissionId', async () => {
    const demo = await submit({ formSlug: 'demo-request', values: demoValues('ada@acme.example') });
    expect(demo.status).toBe(200);
    const body = LeadSuccessResponse.parse(await demo.json());
    expect(body).toEqual({
      ok: true,
      postSubmit: {
        kind: 'default-scheduler',
        heading: 'Pick a time for your demo',
        subheading: expect.any(String),
        minHeight: 720,
        prefillFields: ['firstname', 'lastname', 'email', 'company'],
      },
      gtmEventName: 'demo_request_submitted',
      submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(demo.headers.get('ratelimit-policy')).toBe('"lead-submit";q=5;w=60');
    expect(demo.headers.get('ratelimit')).toMatch(/^"lead-submit";r=4;t=\d+$/);

    const enterprise = await submit({
      formSlug: 'enterprise-contact',
      values: { email: 'cto@acme.example', phone: '+1 415 555 0100' },
    });
    expect(await enterprise.json()).toEqual({
      ok: true,
      postSubmit: {
        kind: 'default-scheduler',
        minHeight: 720,
        prefillFields: ['email', 'firstname', 'company'],
      },
      submissionId: expect.any(String),
    });
    const partner = await submit({
      formSlug: 'partner-application',
      values: { company: 'Acme', email: 'p@partners.example.org', country: 'DE', seats: 12 },
    });
    expect(await partner.json()).toMatchObject({
      postSubmit: {
        kind: 'redirect',
        redirectUrl: 'https://example.com/partners/thanks',
        redirectDelaySeconds: 2,
      },
      gtmEventName: 'partner_application_submitted',
    });
    const newsletter = await submit({
      formSlug: 'newsletter',
      values: { email: 'n@acme.example' },
    });
    expect(await newsletter.json()).toEqual({
      ok: true,
      postSubmit: { kind: 'message', message: "Thanks — you're subscribed." },
      submissionId: expect.any(String),
    });
  });

  it('stores cleaned values and attribution, then syncs to the CRM after the response', async () => {
    const email = `attr-${randomUUID().slice(0, 8)}@acme.example`;
    const response = await submit(
      {
        formSlug: 'demo-request',
        values: { ...demoValues(email), unknown_key: 'dropped', use_cases: ['inbound', 'surveys'] },
        attribution: {
          first: { utm_source: 'x'.repeat(1500), bogus: 'dropped' },
          referrer: 'https://search.example/',
        },
      },
      nextIp(),
      { referer: 'https://site.example/demo?x=1', cookie: 'crmutk=visitor-token-1' },
    );
    const { submissionId } = (await response.json()) as { submissionId: string };
    const lead = await eventually(async () => {
      const found = (await listLeads(server.url, 'demo-request')).find(
        (l) => l.id === submissionId,
      );
      return found?.sync?.syncStatus === 'synced' ? found : undefined;
    });
    expect(lead.values).not.toHaveProperty('unknown_key');
    expect(lead.values.use_cases).toEqual(['inbound', 'surveys']);
    expect(lead.attribution).toEqual({
      first: { utm_source: 'x'.repeat(1024) },
      pageUri: 'https://site.example/demo?x=1',
      referrer: 'https://search.example/',
      crmutk: 'visitor-token-1',
    });
    const [call] = hubspotCallsFor(email);
    expect((call?.inputs as { properties: Record<string, string> }[])[0]?.properties).toMatchObject(
      {
        email,
        company: 'Acme',
        use_cases: 'inbound;surveys',
      },
    );
  });
  it('cuts pageUri and referrer to 2048 characters and crmutk to 256', async () => {
    const long = (n: number) => 'https://site.example/' + 'p'.repeat(n);
    const response = await submit({
      formSlug: 'newsletter',
      values: { email: `cut-${randomUUID().slice(0, 8)}@acme.example` },
      attribution: { pageUri: long(3000), referrer: long(3000), crmutk: 'u'.repeat(300) },
    });
    const { submissionId } = (await response.json()) as { submissionId: string };
    const lead = (await listLeads(server.url, 'newsletter')).find((l) => l.id === submissionId);
    expect(lead?.attribution).toEqual({
      pageUri: long(3000).slice(0, 2048),
      referrer: long(3000).slice(0, 2048),
      crmutk: 'u'.repeat(256),
    });
  });
});

describe('traps, blocklist and deletion requests', () => {
  it.each([
    ['honeypot', () => ({ ...demoValues('h@acme.example'), fax_number: '555-0199' })],
    // Rendered half a second ago: faster than the form's minFillSeconds (3).
    ['timing trap', () => ({ ...demoValues('t@acme.example'), rendered_at: Date.now() - 500 })],
    ['blocked email', () => demoValues('spam@example.net')],
    ['blocked domain', () => demoValues('someone@throwaway.example')],
  ])('%s → 200 with submissionId null, nothing stored or pushed', async (_label, makeValues) => {
    const values = makeValues();
    const response = await submit({ formSlug: 'demo-request', values });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, submissionId: null });
    const leads = await listLeads(server.url, 'demo-request');
    expect(leads.some((l) => l.email === values.email)).toBe(false);
  });

  it('a deletion request erases stored submissions and suppresses capture: exactly { ok: true }', async () => {
    const email = `forget-${randomUUID().slice(0, 8)}@acme.example`;
    const earlier = await submit({ formSlug: 'newsletter', values: { email } });
    const { submissionId } = (await earlier.json()) as { submissionId: string };
    expect((await listLeads(server.url, 'newsletter')).some((l) => l.id === submissionId)).toBe(
      true,
    );
    expect(
      await admin(server.url, '/internal/privacy/deletion-requests', {
        method: 'POST',
        body: JSON.stringify({ email: email.toUpperCase() }),
      }),
    ).toEqual({ ok: true, erased: 1 });
    expect((await listLeads(server.url, 'newsletter')).some((l) => l.email === email)).toBe(false);
    const response = await submit({ formSlug: 'newsletter', values: { email } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect((await listLeads(server.url, 'newsletter')).some((l) => l.email === email)).toBe(false);
  });

  it('admin routes require the admin token', async () => {
    await expectError(
      await fetch(server.url + '/internal/leads?form=newsletter'),
      401,
      'UNAUTHORIZED',
    );
    await expectError(await fetch(server.url + '/internal/cron/sync-leads'), 401, 'UNAUTHORIZED');
    const bad = await fetch(server.url + '/internal/privacy/deletion-requests', {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ email: 'nope' }),
    });
    await expectError(bad, 400, 'INVALID_BODY');
  });
});

describe('idempotency', () => {
  it('20 concurrent identical submissions: one stored, one CRM push, 20 identical envelopes', async () => {
    const email = `twin-${randomUUID().slice(0, 8)}@acme.example`;
    const eventId = randomUUID();
    const body = {
      formSlug: 'demo-request',
      values: demoValues(email),
      botCheckToken: 'token-twins',
      event_id: eventId,
    };
    const ip = nextIp();
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit(body, ip)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(texts).size).toBe(1);
    const stored = await eventually(async () => {
      const leads = (await listLeads(server.url, 'demo-request')).filter(
        (l) => l.eventId === eventId,
      );
      return leads[0]?.sync?.syncStatus === 'synced' ? leads : undefined;
    });
    expect(stored).toHaveLength(1);
    // A lead submitted after the twins is pushed too: the twins' work after their answers has
    // had its turn by then, and still only one push went out for them.
    const markerId = randomUUID();
    const marker = `marker-${markerId.slice(0, 8)}@acme.example`;
    const markerBody = {
      formSlug: 'demo-request',
      values: demoValues(marker),
      botCheckToken: 'token-marker',
      event_id: markerId,
    };
    expect((await submit(markerBody, nextIp())).status).toBe(200);
    await eventually(() => (hubspotCallsFor(marker).length > 0 ? true : undefined));
    expect(hubspotCallsFor(email)).toHaveLength(1);
    const verifies = fake.calls('turnstile').filter((c) => c.response === 'token-twins');
    expect(verifies).toHaveLength(1);
    expect(verifies[0]?.idempotency_key).toBe(eventId);
  });

  it('a replay after the token was spent succeeds without calling siteverify', async () => {
    const eventId = randomUUID();
    const body = {
      formSlug: 'partner-application',
      values: { company: 'Acme', email: 'replay@example.com' },
      botCheckToken: 'token-replay',
      event_id: eventId,
    };
    const first = await submit(body);
    expect(first.status).toBe(200);
    const before = fake.calls('turnstile').length;
    const again = await submit({ ...body, values: { company: 'Changed' } });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(fake.calls('turnstile').length).toBe(before);
  });

  it('an invalid event_id turns idempotency off', async () => {
    const body = {
      formSlug: 'newsletter',
      values: { email: 'dup@acme.example' },
      event_id: 'not-a-uuid',
    };
    const a = (await (await submit(body)).json()) as { submissionId: string };
    const b = (await (await submit(body)).json()) as { submissionId: string };
    expect(a.submissionId).not.toBe(b.submissionId);
  });
});

describe('rate limit', () => {
  it('10 concurrent from one IP to one form: exactly 5 succeed, 5 get 429 with headers', async () => {
    const ip = nextIp();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        submit(
          {
            formSlug: 'enterprise-contact',
            values: { email: `rl${i}@acme.example`, phone: '+1 415 555 0100' },
          },
          ip,
        ),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(5).fill(429)]);
    const refused = responses.find((r) => r.status === 429)!;
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-policy')).toBe('"lead-submit";q=5;w=60');
    expect(refused.headers.get('ratelimit')).toBe(`"lead-submit";r=0;t=${retryAfter}`);
    await expectError(refused, 429, 'RATE_LIMITED');

    const otherIp = await submit(
      {
        formSlug: 'enterprise-contact',
        values: { email: 'o@acme.example', phone: '+1 415 555 0100' },
      },
      nextIp(),
    );
    expect(otherIp.status).toBe(200);
    const otherForm = await submit(
      { formSlug: 'newsletter', values: { email: 'o@acme.example' } },
      ip,
    );
    expect(otherForm.status).toBe(200);
  });
});

describe('bot check', () => {
  it('a missing token fails open', async () => {
    const response = await submit({
      formSlug: 'demo-request',
      values: demoValues('nt@acme.example'),
    });
    expect(response.status).toBe(200);
  });

  it('an unreachable provider fails open', async () => {
    fake.setMode({ turnstile: 'unreachable' });
    try {
      const response = await submit({
        formSlug: 'demo-request',
        values: demoValues('unreach@acme.example'),
        botCheckToken: 'token-unreachable',
      });
      expect(response.status).toBe(200);
      expect(fake.calls('turnstile').some((c) => c.response === 'token-unreachable')).toBe(true);
    } finally {
      fake.setMode({});
    }
  });

  it('a rejected token fails closed with 403 (2x secret); forms without requireBotCheck skip it', async () => {
    const strict = await startServer({
      preload: [SAAS_PRELOAD],
      env: { ...baseEnv(), TURNSTILE_SECRET_KEY: TURNSTILE_FAIL },
    });
    try {
      const rejected = await postJson(
        strict.url,
        '/api/leads',
        { formSlug: 'demo-request', values: demoValues('r@acme.example'), botCheckToken: 'bad' },
        { ip: nextIp() },
      );
      await expectError(rejected, 403, 'BOTCHECK_INVALID');
      const newsletter = await postJson(
        strict.url,
        '/api/leads',
        { formSlug: 'newsletter', values: { email: 'r@acme.example' }, botCheckToken: 'bad' },
        { ip: nextIp() },
      );
      expect(newsletter.status).toBe(200);
    } finally {
      await strict.stop();
    }
  });
});

describe('CRM outage', () => {
  it('still answers 200, marks the lead failed, and the cron syncs it exactly once', async () => {
    const email = `outage-${randomUUID().slice(0, 8)}@acme.example`;
    fake.setMode({ hubspot: 'fail' });
    let submissionId: string;
    try {
      const response = await submit({ formSlug: 'newsletter', values: { email } });
      expect(response.status).toBe(200);
      submissionId = ((await response.json()) as { submissionId: string }).submissionId;
      await eventually(async () => {
        const lead = (await listLeads(server.url, 'newsletter')).find((l) => l.id === submissionId);
        return lead?.sync?.syncStatus === 'failed' ? lead : undefined;
      });
      expect(hubspotCallsFor(email)).toHaveLength(3); // three tries with backoff
    } finally {
      fake.setMode({});
    }
    const runs = await Promise.all([
      admin(server.url, '/internal/cron/sync-leads', { method: 'POST' }),
      admin(server.url, '/internal/cron/sync-leads'),
    ]);
    expect(runs[0]).toMatchObject({ ok: true });
    await admin(server.url, '/internal/cron/sync-leads');
    expect(hubspotCallsFor(email)).toHaveLength(4);
    const lead = (await listLeads(server.url, 'newsletter')).find((l) => l.id === submissionId);
    expect(lead?.sync).toMatchObject({ syncStatus: 'synced', attempts: 4 });
  });
});
