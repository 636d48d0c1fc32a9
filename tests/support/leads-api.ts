import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { ApiErrorEnvelope } from '@/schemas/error';
import { TEST_REDIS_URL } from './redis';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/** A Redis logical database of its own (the app's keys carry no test prefix), emptied first. */
export async function freshRedisDb(db: number): Promise<string> {
  const url = `${TEST_REDIS_URL.replace(/\/\d*$/, '')}/${db}`;
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  await client.flushdb();
  client.disconnect();
  return url;
}

/**
 * A lead server's environment: the msw SaaS fake, the admin token, HubSpot (faked), one Redis,
 * and client IPs read from X-Forwarded-For so each test can act as a fresh client.
 */
export const leadServerEnv = (fake: { env: Record<string, string> }, redisUrl: string) => ({
  ...fake.env,
  ADMIN_TOKEN,
  TRUST_PROXY: 'true',
  HUBSPOT_ACCESS_TOKEN: 'fake-hubspot-token',
  REDIS_URL: redisUrl,
});

let ipCounter = 0;
/** A fresh client address per test (servers run with TRUST_PROXY=true). */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export function postJson(
  base: string,
  path: string,
  body: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function admin(base: string, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(base + path, {
    ...init,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  expect(response.status).toBe(200);
  return response.json();
}

export async function expectError(response: Response, status: number, code: string, strict = true) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  const envelope = (strict ? ApiErrorEnvelope.strict() : ApiErrorEnvelope).parse(body);
  expect(envelope.error.code).toBe(code);
  expect(envelope.error.status).toBe(status);
  return { envelope, body };
}

/** Polls until `check` returns a value other than undefined (after() work finishes later). */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface ListedLead {
  id: string;
  eventId: string | null;
  email: string | null;
  values: Record<string, unknown>;
  attribution: Record<string, unknown>;
  sync: { syncStatus: string; attempts: number } | null;
}

export async function listLeads(base: string, form: string): Promise<ListedLead[]> {
  const body = (await admin(base, `/internal/leads?form=${form}`)) as { leads: ListedLead[] };
  return body.leads;
}

export const demoValues = (email: string) => ({
  firstname: 'Ada',
  lastname: 'Lovelace',
  email,
  company: 'Acme',
  consent: true,
});
