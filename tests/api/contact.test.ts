import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactErrorResponse } from '@/schemas/error';
import { freshRedisDb, leadServerEnv, listLeads } from '../support/leads-api';
import { eventually } from '../support/eventually';
import { admin, expectError, postJson } from '../support/http';
import { SAAS_PRELOAD, saasFake, TURNSTILE_PASS, TURNSTILE_SPENT } from '../support/msw/saas-fake';
import { startServer, type RunningServer } from '../support/server';

// POST /api/contact against the built server: real Redis, msw for Turnstile and HubSpot.
const fake = saasFake();
let server: RunningServer;
let redisUrl: string;

beforeAll(async () => {
  redisUrl = await freshRedisDb(12);
  server = await startServer({
    preload: [SAAS_PRELOAD],
    env: { ...leadServerEnv(fake, redisUrl), TURNSTILE_SECRET_KEY: TURNSTILE_PASS },
  });
});
afterAll(async () => {
  await server?.stop();
});

const contact = (extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada-${randomUUID().slice(0, 8)}@acme.example`,
  message: 'Please call me back.',
  botCheckToken: `token-${randomUUID()}`,
  ...extra,
});
const send = (body: unknown, base = server.url) => postJson(base, '/api/contact', body);

/** Contact errors: the envelope plus legacy `success`, `message` and (bot checks only) `code`. */
async function expectContactError(response: Response, status: number, code: string) {
  const { body } = await expectError(response, status, code, false);
  const parsed = ContactErrorResponse.strict().parse(body);
  expect(parsed.success).toBe(false);
  expect(parsed.message).toBe(parsed.error.message);
  if (code.startsWith('BOTCHECK_')) expect(parsed.code).toBe(code);
  else expect(body).not.toHaveProperty('code');
}

describe('POST /api/contact', () => {
  it('accepts a valid enquiry with exactly { success: true } and forwards it with company ""', async () => {
    const body = contact();
    const response = await send(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const call = await eventually(() =>
      fake.calls('hubspot').find((c) => (c.inputs as { id: string }[])[0]?.id === body.email),
    );
    expect((call.inputs as { properties: Record<string, string> }[])[0]?.properties).toEqual({
      firstname: 'Ada Lovelace',
      company: '',
      message: 'Please call me back.',
      email: body.email,
    });
  });

  it.each([
    ['name missing', { name: undefined }],
    ['name whitespace-only', { name: '   ' }],
    ['email empty', { email: '' }],
    ['email malformed', { email: 'ada-at-acme' }],
    // Issue 36: zod's own rule let a label ending in a hyphen through; format: email does not.
    ['email with a domain label ending in a hyphen', { email: 'x@host-.example.com' }],
    ['email with a Unicode domain (send its xn-- form)', { email: 'ada@bücher.de' }],
    ['message missing', { message: undefined }],
    ['message of a wrong type', { message: ['x'] }],
  ])('%s → 400 MISSING_REQUIRED_FIELDS with legacy keys', async (_label, extra) => {
    await expectContactError(await send(contact(extra)), 400, 'MISSING_REQUIRED_FIELDS');
  });

  it.each([['{'], ['{"name": "Ada",']])(
    'a body that is not JSON (%s) → 400 INVALID_BODY with legacy keys, as for leads',
    async (text) => {
      await expectContactError(await send(text), 400, 'INVALID_BODY');
    },
  );

  it('no token while verification is enforced → 400 BOTCHECK_MISSING', async () => {
    await expectContactError(
      await send(contact({ botCheckToken: undefined })),
      400,
      'BOTCHECK_MISSING',
    );
  });

  it('a token is accepted once only', async () => {
    const body = contact();
    expect((await send(body)).status).toBe(200);
    await expectContactError(await send({ ...body }), 403, 'BOTCHECK_INVALID');
    expect(fake.calls('turnstile').filter((c) => c.response === body.botCheckToken)).toHaveLength(
      1,
    );
  });

  it('a CRM outage is logged and still answers 200; the stored enquiry is synced later, once', async () => {
    const body = contact();
    fake.setMode({ hubspot: 'fail' });
    try {
      const response = await send(body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      const failed = await eventually(async () => {
        const stored = (await listLeads(server.url, 'contact')).find((l) => l.email === body.email);
        return stored?.sync?.syncStatus === 'failed' ? stored : undefined;
      });
      expect(server.logs()).toContain(`lead ${failed.id}: push failed after 3 attempts: crm:`);
      expect(fake.hubspotCallsFor(body.email)).toHaveLength(3);
    } finally {
      fake.setMode({});
    }
    await admin(server.url, '/internal/cron/sync-leads', { method: 'POST' });
    await admin(server.url, '/internal/cron/sync-leads', { method: 'POST' });
    expect(fake.hubspotCallsFor(body.email)).toHaveLength(4);
    const stored = (await listLeads(server.url, 'contact')).find((l) => l.email === body.email);
    expect(stored?.sync).toMatchObject({ syncStatus: 'synced', attempts: 4 });
  });

  it('answers 405 for GET', async () => {
    const { body } = await expectError(
      await fetch(server.url + '/api/contact'),
      405,
      'METHOD_NOT_ALLOWED',
      false,
    );
    expect(body).toMatchObject({ success: false });
  });
});

describe('POST /api/contact with other verification setups', () => {
  it('a token the provider reports as already spent (3x secret) → 403 BOTCHECK_INVALID', async () => {
    const spent = await startServer({
      preload: [SAAS_PRELOAD],
      env: { ...fake.env, TURNSTILE_SECRET_KEY: TURNSTILE_SPENT, REDIS_URL: redisUrl },
    });
    try {
      await expectContactError(await send(contact(), spent.url), 403, 'BOTCHECK_INVALID');
    } finally {
      await spent.stop();
    }
  });

  it('without a verification secret no token is needed', async () => {
    const open = await startServer();
    try {
      const response = await send(contact({ botCheckToken: undefined }), open.url);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
    } finally {
      await open.stop();
    }
  });
});
